import { describe, expect, it } from "vitest";
import { registerApiSchema, registerFormSchema } from "@/lib/auth/schema";
import { addressSchema, orderInputSchema } from "@/lib/orders/schema";

// product.md §5: names, addresses and notes drop Unicode bidirectional controls (U+202A–U+202E,
// U+2066–U+2069), dropped and not refused, by the schemas the forms and the API share. A right-to-
// left override in a name would make a ticket, an admin table or a mail read otherwise than
// what it holds (an override before "gnp.exe" shows it as "exe.png").

const RLO = "\u202E";
const ISOLATES = "\u2066\u2067\u2068\u2069";
const address = { name: "Asha", phone: "9876543210", street: "1 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" };

describe("bidirectional controls", () => {
  it("are dropped from the name of an account, on the form and in the API", () => {
    expect(registerApiSchema.parse({ name: `Asha ${RLO}oaR`, email: "a@b.co", password: "crunchy-greens-42" }).name).toBe("Asha oaR");
    const form = registerFormSchema.parse({
      firstName: `${ISOLATES}Asha`,
      middleName: ` ${RLO}K `,
      lastName: `Rao\u202C`,
      email: "a@b.co",
      password: "crunchy-greens-42",
      confirmPassword: "crunchy-greens-42",
    });
    expect(form).toMatchObject({ firstName: "Asha", middleName: "K", lastName: "Rao" });
  });

  it("are dropped from every text field of an address", () => {
    const parsed = addressSchema.parse({
      ...address,
      name: `${RLO}Asha`,
      street: `1 MG Road\u202A`,
      city: `Bengal\u202Buru`,
      state: `Karnataka\u202D`,
    });
    expect(parsed).toEqual(address);
  });

  it("are dropped from a line's note", () => {
    const body = {
      items: [{ id: "ckitem0000000000000000001", portion: "small", quantity: 1, note: `No ${RLO}noino` }],
      address,
      paymentMethod: "UPI",
    };
    expect(orderInputSchema.parse(body).items[0].note).toBe("No noino");
  });

  it("leave a field that held nothing else empty: required, or no note at all", () => {
    expect(
      registerApiSchema.safeParse({ name: ` ${RLO}${ISOLATES} `, email: "a@b.co", password: "crunchy-greens-42" }).error?.issues[0],
    ).toMatchObject({
      path: ["name"],
      message: "Name is required",
    });
    const body = {
      items: [{ id: "ckitem0000000000000000001", portion: "small", quantity: 1, note: ISOLATES }],
      address,
      paymentMethod: "UPI",
    };
    expect(orderInputSchema.parse(body).items[0]).not.toHaveProperty("note");
  });
});
