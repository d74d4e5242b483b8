import { describe, expect, it } from "vitest";
import { keepFor, menuPageKey, type Asked } from "@/lib/offline/keep";

// What the service worker may keep (product.md §14): the menu, its JSON, images and build files;
// never anything personal (orders, the cart's calls, admin pages, other API replies).

const ORIGIN = "https://shop.example";

function asked(path: string, init: Partial<Omit<Asked, "url" | "headers">> & { headers?: Record<string, string> } = {}): Asked {
  const headers = new Headers(init.headers);
  return { url: `${ORIGIN}${path}`, method: init.method ?? "GET", mode: init.mode ?? "cors", destination: init.destination ?? "", headers };
}
const page = (path: string) => asked(path, { mode: "navigate", destination: "document" });

describe("what the service worker keeps", () => {
  it("keeps the menu page, whatever its query, and the menu's JSON", () => {
    expect(keepFor(page("/menu"), ORIGIN)).toBe("menu-page");
    expect(keepFor(page("/menu?category=veg-salads&search=paneer"), ORIGIN)).toBe("menu-page");
    expect(keepFor(asked("/api/menu"), ORIGIN)).toBe("menu-api");
    expect(menuPageKey(`${ORIGIN}/menu?category=veg-salads#top`)).toBe(`${ORIGIN}/menu`);
  });

  it("keeps images and the build's hashed files", () => {
    expect(keepFor(asked("/images/salads/caesar.webp", { destination: "image" }), ORIGIN)).toBe("image");
    expect(keepFor(asked("/_next/image?url=%2Fimages%2Fa.jpg&w=640&q=75", { destination: "image" }), ORIGIN)).toBe("image");
    expect(keepFor(asked("/_next/static/chunks/abc123.js", { destination: "script" }), ORIGIN)).toBe("build-asset");
  });

  it("sends every other page to the network (offline: /offline), the signed-in ones and the admin's included", () => {
    for (const path of ["/", "/orders", "/orders/abc", "/cart", "/checkout/payment", "/account", "/admin/dashboard", "/login"]) {
      expect(keepFor(page(path), ORIGIN), path).toBe("page");
    }
  });

  it("never keeps another API reply, a write, a client navigation's payload or another origin's file", () => {
    for (const path of ["/api/orders", "/api/orders/abc", "/api/me", "/api/cart", "/api/favourites", "/api/menu/abc", "/api/events"]) {
      expect(keepFor(asked(path), ORIGIN), path).toBe("never");
    }
    expect(keepFor(asked("/api/menu", { method: "POST" }), ORIGIN)).toBe("never");
    expect(keepFor(asked("/menu", { headers: { rsc: "1" } }), ORIGIN)).toBe("never");
    expect(keepFor(asked("/orders", { headers: { rsc: "1" } }), ORIGIN)).toBe("never");
    expect(keepFor({ ...asked("/x.png", { destination: "image" }), url: "https://cdn.example/x.png" }, ORIGIN)).toBe("never");
    // An image URL under the API (a bill's QR code, say) is an API reply.
    expect(keepFor(asked("/api/orders/abc/invoice", { destination: "image" }), ORIGIN)).toBe("never");
  });
});
