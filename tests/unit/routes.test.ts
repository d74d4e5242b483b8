import { describe, expect, it } from "vitest";
import { accessFor, safeNext } from "@/lib/auth/routes";

describe("page access rules", () => {
  // Each path with the access it needs, grouped by that access.
  const pathsByAccess = {
    public: ["/", "/menu", "/login", "/register", "/confirm/abc", "/reset-password/abc", "/policies"],
    "signed-in": [
      "/cart",
      "/checkout",
      "/checkout/address",
      "/checkout/payment",
      "/order-success",
      "/ordersuccess",
      "/orders",
      "/orders/xyz",
      "/orders/xyz/invoice",
      "/help",
      "/account",
      "/account/addresses",
      "/account/favourites",
    ],
    admin: [
      "/admin",
      "/admin/dashboard",
      "/admin/orders",
      "/admin/orders/abc",
      "/admin/kitchen",
      "/admin/menu",
      "/admin/users",
      "/admin/settings",
      "/admin/reports",
      "/admin/complaints",
      "/admin/offers",
      "/admin/riders",
    ],
    rider: ["/rider", "/rider/"],
    unknown: [
      "/admin/secret",
      "/admin/orders/abc/x",
      "/admin/kitchen/x",
      "/checkout/other",
      "/confirm",
      "/wp-login.php.bak/x",
      "/anything",
      "/help/x",
      "/admin/complaints/x",
      "/account/addresses/x",
      "/account/other",
      "/admin/offers/x",
      "/rider/x",
      "/riders",
    ],
  };
  it.each(Object.entries(pathsByAccess).flatMap(([access, paths]) => paths.map((path) => [path, access])))("%s is %s", (path, access) => {
    expect(accessFor(path)).toBe(access);
  });

  it("follows only same-site paths after sign-in", () => {
    expect(safeNext("/cart")).toBe("/cart");
    expect(safeNext("/orders/1?x=2")).toBe("/orders/1?x=2");
    expect(safeNext("//evil.example")).toBe("/");
    expect(safeNext("/\\evil.example")).toBe("/");
    expect(safeNext("https://evil.example")).toBe("/");
    expect(safeNext(null, "/admin/dashboard")).toBe("/admin/dashboard");
    // Browsers drop tabs and newlines from URLs: "/\t/evil.example" would be followed as "//evil.example".
    for (const control of ["\t", "\n", "\r", "\u0000", "\u001f", "\u007f"]) {
      expect(safeNext(`/${control}/evil.example`), JSON.stringify(control)).toBe("/");
      expect(safeNext(`/orders${control}`), JSON.stringify(control)).toBe("/");
    }
  });
});
