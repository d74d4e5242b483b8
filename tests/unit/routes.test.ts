import { describe, expect, it } from "vitest";
import { accessFor, safeNext } from "@/lib/routes";

describe("page access rules", () => {
  it.each([
    ["/", "public"],
    ["/menu", "public"],
    ["/login", "public"],
    ["/register", "public"],
    ["/confirm/abc", "public"],
    ["/reset-password/abc", "public"],
    ["/cart", "signed-in"],
    ["/checkout", "signed-in"],
    ["/checkout/address", "signed-in"],
    ["/checkout/payment", "signed-in"],
    ["/order-success", "signed-in"],
    ["/ordersuccess", "signed-in"],
    ["/orders", "signed-in"],
    ["/orders/xyz", "signed-in"],
    ["/admin", "admin"],
    ["/admin/dashboard", "admin"],
    ["/admin/users", "admin"],
    ["/admin/secret", "unknown"],
    ["/checkout/other", "unknown"],
    ["/confirm", "unknown"],
    ["/wp-login.php.bak/x", "unknown"],
    ["/anything", "unknown"],
  ])("%s is %s", (path, access) => {
    expect(accessFor(path)).toBe(access);
  });

  it("follows only same-site paths after sign-in", () => {
    expect(safeNext("/cart")).toBe("/cart");
    expect(safeNext("/orders/1?x=2")).toBe("/orders/1?x=2");
    expect(safeNext("//evil.example")).toBe("/");
    expect(safeNext("/\\evil.example")).toBe("/");
    expect(safeNext("https://evil.example")).toBe("/");
    expect(safeNext(null, "/admin/dashboard")).toBe("/admin/dashboard");
  });
});
