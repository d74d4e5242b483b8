import { z } from "zod";
import "@/lib/validation";
import { dropBidiControls, hasControlCharacter } from "@/lib/text";
import { COMPLAINT_CATEGORIES } from "@/lib/complaints/types";

// POST /api/complaints and PATCH /api/complaints/{id} (product.md §11), shared by /help's form,
// the order page's "Report a problem", /admin/complaints and the handlers. Client-safe.

export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 2000;
export const RESOLUTION_MAX = 2000;

/** Several lines of printable text in any script, as people write about what went wrong. */
const paragraphs = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .overwrite((v) => dropBidiControls(v).replace(/\r\n?/g, "\n"))
    .trim()
    .min(1, `${label} is required`)
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !hasControlCharacter(v, { multiline: true }), `${label} contains characters that are not allowed`);

const CATEGORY = `Category must be one of ${COMPLAINT_CATEGORIES.join(", ")}`;

export const complaintSchema = z.object(
  {
    // Blank or null: a complaint about no one order (the form sends "" when none is chosen).
    orderId: z
      .string({ error: "orderId must be an order's id" })
      .trim()
      .max(200, "orderId must be an order's id")
      .nullish()
      .transform((v) => v || null),
    category: z.enum(COMPLAINT_CATEGORIES, { error: CATEGORY }),
    description: paragraphs("Description", DESCRIPTION_MIN, DESCRIPTION_MAX),
  },
  { error: "Request body must be an object {orderId?, category, description}" },
);

export type ComplaintInput = z.input<typeof complaintSchema>;
export type NewComplaint = z.output<typeof complaintSchema>;

export const resolveSchema = z.object(
  {
    status: z.literal("resolved", { error: 'Status must be "resolved"' }),
    resolution: paragraphs("Resolution", 1, RESOLUTION_MAX),
  },
  { error: 'Request body must be an object {status: "resolved", resolution}' },
);

export type Resolution = z.output<typeof resolveSchema>;

/** GET /api/complaints's query: `?status=open|resolved`. */
export const listQuerySchema = z.object({
  status: z.enum(["open", "resolved"], { error: 'status must be "open" or "resolved"' }).optional(),
});
