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

  /** Signs in as the e2e admin, who lands on the dashboard. */
  async signInAsAdmin() {
    await this.signIn(ADMIN.email, ADMIN.password);
    await expect(this.page).toHaveURL(/\/admin\/dashboard$/);
  }
}
