import { expect, type Page } from "@playwright/test";
import { ADMIN } from "../shops";

/** /login, as a customer or an admin signs in. */
export class LoginPage {
  constructor(readonly page: Page) {}

  /** Fills the form and presses Login, without waiting for what follows. */
  async submit(email: string, password: string) {
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByLabel("Password", { exact: true }).fill(password);
    await this.page.getByRole("button", { name: "Login", exact: true }).click();
  }

  async signIn(email: string, password: string) {
    await this.page.goto("/login");
    await this.submit(email, password);
    await expect(this.page.getByText("Login successful!")).toBeVisible();
  }

  /**
   * Signs the page's browser in through POST /api/login, whose session cookie lands in the
   * browser's jar: for tests about what comes after signing in (the form has tests of its own).
   */
  async signInThroughApi(email: string, password: string) {
    const res = await this.page.request.post("/api/login", { data: { email, password } });
    expect(res.status()).toBe(200);
  }

  /** Signs in as the e2e admin and opens the dashboard, where the form would have led. */
  async signInAsAdmin() {
    await this.signInThroughApi(ADMIN.email, ADMIN.password);
    await this.page.goto("/admin/dashboard");
  }
}

/**
 * A page for some roles only: signed out, `path` sends to /login and back; signed in as a
 * customer (by `signInAsCustomer`), it sends home.
 */
export async function expectSignInThenHome(page: Page, path: string, signInAsCustomer: () => Promise<unknown>) {
  await page.goto(path);
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === path);
  await signInAsCustomer();
  await page.goto(path);
  await expect(page).toHaveURL((url) => url.pathname === "/");
}
