import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import type { CapturedMail } from "@/tests/support/mail-capture";

// Shared steps for the end-to-end journeys.

const MAIL_URL = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 3124}`;
export const ADMIN = { email: "admin@e2e.test", password: "kitchen-admin-e2e-pass" };
export const PASSWORD = "crunchy-greens-42";

export function uniqueEmail(prefix = "user") {
  return `${prefix}.${randomBytes(5).toString("hex")}@example.com`;
}

/** A random client IP for X-Forwarded-For (the e2e server trusts it), so rate limits stay per test. */
export function randomIp() {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export async function mailsTo(request: APIRequestContext, email: string): Promise<CapturedMail[]> {
  const res = await request.get(`${MAIL_URL}/emails`);
  const all = (await res.json()) as CapturedMail[];
  return all.filter((m) => m.to.includes(email));
}

/** Waits for the newest mail to `email` whose subject matches, and returns the link in it. */
export async function waitForMailLink(request: APIRequestContext, email: string, subject: RegExp, pathPrefix: string): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      const mail = (await mailsTo(request, email)).filter((m) => subject.test(m.subject)).at(-1);
      const match = mail?.text.match(new RegExp(`https?://\\S+${pathPrefix}[A-Za-z0-9_-]+`));
      link = match?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  return link;
}

/** Registers and confirms an account through the API, the way a quick client would. */
export async function createConfirmedUser(request: APIRequestContext, name = "Asha Rao") {
  const email = uniqueEmail();
  const ip = randomIp();
  const res = await request.post("/api/register", { data: { name, email, password: PASSWORD }, headers: { "x-forwarded-for": ip } });
  expect(res.status()).toBe(201);
  const link = await waitForMailLink(request, email, /confirm/i, "/confirm/");
  const token = link.split("/confirm/")[1];
  expect((await request.get(`/api/confirm/${token}`)).status()).toBe(200);
  return { email, password: PASSWORD, name };
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Login successful!")).toBeVisible();
}

/**
 * The layout shifts since the page's navigation began, once two more frames have passed: each as
 * its value and the names of the nodes it moved. With `within`, only shifts that moved something
 * inside the element this selector finds.
 */
export async function layoutShifts(page: Page, within?: string): Promise<string[]> {
  return page.evaluate(
    (selector) =>
      new Promise<string[]>((resolve) => {
        type Shift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] };
        const scope = selector ? document.querySelector(selector) : null;
        const shifts: string[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            const nodes = entry.sources.map((s) => s.node).filter((node) => !selector || (node && scope?.contains(node)));
            if (nodes.length) shifts.push(`${entry.value.toFixed(3)} ${nodes.map((node) => node?.nodeName ?? "?").join(",")}`);
          }
        }).observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(shifts)));
      }),
    within,
  );
}
