import { z } from "zod";
import { deliveryAreasSchema } from "@/lib/store/schema";
import type { DeliveryArea } from "@/lib/store/types";
import { numberFromText } from "@/components/admin/settings/form-text";

// /admin/settings's delivery areas <-> PUT /api/delivery-areas (client-safe, pure). An area's PIN
// codes and prefixes are one text box ("560034, 5600"), so the API's paths into its list
// (2.pins.1) are shown at that box, naming the pattern; everything else keeps its place.

export type AreaFormValues = {
  /** The area's id once saved: saving again keeps it. */
  id?: string;
  name: string;
  pins: string;
  fee: string;
  minimumOrder: string;
  freeDeliveryFrom: string;
};

export type AreasFormValues = { areas: AreaFormValues[] };

/** The patterns typed in an area's box, split at commas and spaces. */
export const pinsOf = (text: string): string[] => text.split(/[\s,;]+/).filter(Boolean);

/** A form area as the API takes it: a blank minimum is none (0), a blank free-delivery threshold is never. */
function areaOf(area: AreaFormValues) {
  return {
    ...(area.id ? { id: area.id } : {}),
    name: area.name,
    pins: pinsOf(area.pins),
    fee: numberFromText(area.fee, null),
    minimumOrder: numberFromText(area.minimumOrder, undefined),
    freeDeliveryFrom: numberFromText(area.freeDeliveryFrom, null),
  };
}

/** The form's values of a saved area. */
export function areaValuesOf(area: DeliveryArea): AreaFormValues {
  return {
    id: area.id,
    name: area.name,
    pins: area.pins.join(", "),
    fee: String(area.fee),
    minimumOrder: String(area.minimumOrder),
    freeDeliveryFrom: area.freeDeliveryFrom === null ? "" : String(area.freeDeliveryFrom),
  };
}

/** A new area: no minimum, never free; its name, patterns and fee are the admin's to type. */
export const newArea = (): AreaFormValues => ({ name: "", pins: "", fee: "", minimumOrder: "0", freeDeliveryFrom: "" });

const AREA_FIELDS = new Set(["name", "pins", "fee", "minimumOrder", "freeDeliveryFrom"]);

/**
 * Where an issue of the API's list (path `[2, "pins", 1]`, or a 400's field "2.pins.1") is shown
 * in the form, with its message: a pattern's issue at its area's box, naming the pattern when the
 * message does not; an area's other issue at that input, or at its name; a list's issue above
 * the list (undefined path: the caller shows it by the form's button).
 */
function areaIssueAt(
  path: readonly PropertyKey[],
  message: string,
  areas: readonly AreaFormValues[],
): { path: (string | number)[] | undefined; message: string } {
  const [index, key, item] = path;
  const a = typeof index === "number" ? index : Number(index);
  if (path.length === 0) return { path: ["root"], message };
  if (!Number.isInteger(a) || a < 0 || a >= areas.length) return { path: undefined, message };
  if (key === "pins" && item !== undefined) {
    const pin = pinsOf(areas[a].pins)[Number(item)];
    return { path: [a, "pins"], message: pin && !message.includes(pin) ? `${pin}: ${message}` : message };
  }
  return { path: [a, typeof key === "string" && AREA_FIELDS.has(key) ? key : "name"], message };
}

/** The form path (areas.2.pins) and message of a PUT /api/delivery-areas 400's `field` ("2.pins.1"). */
export function areaFieldOf(field: string | undefined, message: string, areas: readonly AreaFormValues[]) {
  if (field === undefined) return { path: undefined, message };
  const at = areaIssueAt(field.split("."), message, areas);
  return { path: at.path && ["areas", ...at.path].join("."), message: at.message };
}

export const areasFormSchema = z.object({
  areas: z
    .array(
      z.object({
        id: z.string().optional(),
        name: z.string(),
        pins: z.string(),
        fee: z.string(),
        minimumOrder: z.string(),
        freeDeliveryFrom: z.string(),
      }),
    )
    .transform((areas, ctx) => {
      const result = deliveryAreasSchema.safeParse(areas.map(areaOf));
      if (result.success) return result.data;
      // The API's rules, re-homed at the form's inputs (see areaIssueAt).
      for (const issue of result.error.issues) {
        const at = areaIssueAt(issue.path, issue.message, areas);
        ctx.addIssue({ code: "custom", message: at.message, path: at.path ?? ["root"] });
      }
      return z.NEVER;
    }),
});

/** What PUT /api/delivery-areas is sent: the whole list, already checked by the API's rules. */
export type AreasForm = z.output<typeof areasFormSchema>;
