import { expect, test } from "./fixtures";

// The build marks its browser scripts for eager compilation (scripts/compile-hints.mjs): V8 then
// compiles them off the main thread while they download, instead of function by function while
// the page starts (bench/README.md has the figures). What a phone receives must carry the mark.

for (const path of ["/", "/menu", "/login"]) {
  test(`every script ${path} loads carries V8's compile hint and the page still starts`, async ({ page }) => {
    const scripts: Promise<string>[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() === "script" && new URL(res.url()).pathname.startsWith("/_next/static/")) scripts.push(res.text());
    });
    await page.goto(path);
    // Started: React has hydrated the header, whose cached HTML carries both link sets (CSS shows
    // one) and which keeps only the signed-out visitor's once it runs.
    await expect(page.getByRole("navigation", { name: "Main" }).locator('a[href="/orders"]')).toHaveCount(0);
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(3);
    for (const body of bodies) expect(body.startsWith("//# allFunctionsCalledOnLoad\n")).toBe(true);
  });
}
