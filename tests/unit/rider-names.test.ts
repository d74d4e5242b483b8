import { describe, expect, it } from "vitest";
import { firstNameOf, telHref } from "@/lib/riders/names";

// How the customer's tracker names a rider and links their phone (product.md §12).

describe("the rider's first name", () => {
  it.each([
    ["Ravi Kumar", "Ravi"],
    ["  Ravi   Kumar ", "Ravi"],
    ["Zoë", "Zoë"],
    ["ರವಿ ಕುಮಾರ್", "ರವಿ"],
  ])("%s → %s", (name, first) => expect(firstNameOf(name)).toBe(first));
});

describe("a tel: link", () => {
  it.each([
    ["+919845012345", "tel:+919845012345"],
    ["+91 98450 12345", "tel:+919845012345"],
    ["98450-12345", "tel:9845012345"],
  ])("%s → %s", (phone, href) => expect(telHref(phone)).toBe(href));
});
