import { describe, expect, it } from "vitest";
import { createFormControl } from "react-hook-form";
import { prefilled } from "@/components/ui/prefilled";

// What the server's HTML of a react-hook-form form holds (components/ui/prefilled.ts): each
// field's value from the form, as the element's default, so the page is filled in before React runs.

type Values = { name: string; open: boolean; fee: number; unset: number; regime: string; allergens: string[]; missing: string | null };

const form = () =>
  createFormControl<Values>({
    defaultValues: {
      name: "Koramangala",
      open: true,
      fee: 30,
      unset: Number.NaN,
      regime: "regular",
      allergens: ["nuts", "egg"],
      missing: null,
    },
  });

describe("prefilled", () => {
  it("gives text and numbers as defaultValue and a box's boolean as defaultChecked, beside register()'s own props", () => {
    const { register, getValues } = form();
    const { field } = prefilled(register, getValues);
    expect(field("name")).toMatchObject({ name: "name", defaultValue: "Koramangala" });
    expect(field("name")).not.toHaveProperty("defaultChecked");
    expect(field("open")).toMatchObject({ name: "open", defaultChecked: true });
    expect(field("fee")).toMatchObject({ defaultValue: 30 });
    expect(typeof field("fee").onChange).toBe("function");
  });

  it("leaves a field with no value, or a number that is not one, without a default", () => {
    const { register, getValues } = form();
    const { field } = prefilled(register, getValues);
    expect(field("missing")).not.toHaveProperty("defaultValue");
    expect(field("unset")).not.toHaveProperty("defaultValue");
  });

  it("ticks the radio whose value is the form's, and each box whose value is among the form's", () => {
    const { register, getValues } = form();
    const { choice } = prefilled(register, getValues);
    expect(choice("regime", "regular")).toMatchObject({ value: "regular", defaultChecked: true });
    expect(choice("regime", "composition")).toMatchObject({ value: "composition", defaultChecked: false });
    expect(choice("allergens", "egg").defaultChecked).toBe(true);
    expect(choice("allergens", "dairy").defaultChecked).toBe(false);
  });

  it("follows the form's values once they change (a save resets the form to what was saved)", () => {
    const { register, getValues, reset } = form();
    const { field } = prefilled(register, getValues);
    reset({ ...getValues(), name: "HSR Layout" });
    expect(field("name").defaultValue).toBe("HSR Layout");
  });
});
