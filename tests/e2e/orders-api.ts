import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { randomIp } from "./support";

// Customers acting through the JSON API beside a browser test: sign in for a token, read the
// menu, place an order the way an API client does (Bearer token and an Idempotency-Key).

export type MenuItem = { id: string; name: string; prices: { small: number; medium: number; large: number }; available: boolean };

export const ADDRESS = { phone: "9876543210", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" };

export async function tokenFor(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post("/api/login", { data: { email, password }, headers: { "x-forwarded-for": randomIp() } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

export async function availableMenu(request: APIRequestContext): Promise<MenuItem[]> {
  return ((await (await request.get("/api/menu")).json()) as MenuItem[]).filter((i) => i.available);
}

/** 2 × the first available bowl (medium) and 1 × the second (small), paid by UPI, delivered to `addressName`. */
export async function placeOrderByApi<Order>(request: APIRequestContext, token: string, addressName: string) {
  const items = await availableMenu(request);
  const [first, second] = items;
  const res = await request.post("/api/orders", {
    headers: { authorization: `Bearer ${token}`, "Idempotency-Key": randomUUID() },
    data: {
      items: [
        { id: first.id, portion: "medium", quantity: 2 },
        { id: second.id, portion: "small", quantity: 1 },
      ],
      address: { name: addressName, ...ADDRESS },
      paymentMethod: "UPI",
    },
  });
  expect(res.status()).toBe(201);
  return { order: ((await res.json()) as { order: Order }).order, items: [first, second] as const };
}

/** Moves an order on as `token`'s holder (an admin, or its customer cancelling) and expects it to succeed. */
export async function moveOrderByApi(request: APIRequestContext, token: string, id: string, status: string): Promise<void> {
  const res = await request.patch(`/api/orders/${id}`, { headers: { authorization: `Bearer ${token}` }, data: { status } });
  expect(res.status(), await res.text()).toBe(200);
}
