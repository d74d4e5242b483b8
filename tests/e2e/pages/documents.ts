import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";

// A bill's or a credit note's own page, as the customer uses it.

/** Downloads the document shown on `page` through its "Download PDF" link: named after `number` (slashes as dashes), and a PDF. */
export async function expectPdfDownload(page: Page, number: string): Promise<void> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toBe(`${number.replaceAll("/", "-")}.pdf`);
  expect((await readFile((await download.path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
}
