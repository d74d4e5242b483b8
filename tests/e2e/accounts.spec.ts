import type { Page } from "@playwright/test";
import { expect, test, ADMIN, PASSWORD, uniqueEmail } from "./fixtures";
import AxeBuilder from "@axe-core/playwright";
import { LoginPage } from "./pages/login";

// The account journey in a real browser against the production build: register, confirm by
// the mailed link, sign in and out, resend the confirmation, reset a forgotten password.

const toasts = (page: Page) => page.locator("[data-sonner-toast]");
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test("register through the form, confirm by e-mail, sign in and out", async ({ page, signIn, mailbox }) => {
  const email = uniqueEmail("journey");
  await page.goto("/register");
  await expect(page).toHaveTitle(/Sign up/);
  await page.getByLabel("First name").fill("Asha");
  await page.getByLabel("Middle name").fill("Devi");
  await page.getByLabel("Last name").fill("Rao");
  await page.getByLabel("Email").fill(`  ${email.toUpperCase()} `);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await expect(page.getByText("At least 8 characters. Avoid common passwords.").filter({ visible: true })).toBeVisible();

  await page.getByLabel("Confirm password").fill(`${PASSWORD}x`);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByLabel("Confirm password")).toHaveAccessibleDescription("Passwords do not match");
  expect(await mailbox.to(email)).toHaveLength(0);

  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(
    page.locator("main").getByText("Registration successful! Please check your email to confirm.").filter({ visible: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const link = await mailbox.link(email, /confirm/i, "/confirm/");
  await page.goto(link);
  await expect(page).toHaveTitle(/Confirm email/);
  await expect(page.locator("main").getByText("Email confirmed successfully!").filter({ visible: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to login now" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, PASSWORD);
  await expect(toasts(page).getByText("Welcome, Asha Devi Rao!").filter({ visible: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByRole("link", { name: "My orders" })).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toHaveCount(0);

  await mainNav(page).getByRole("button", { name: "Logout" }).click();
  await expect(toasts(page).getByText("Logged out successfully").filter({ visible: true })).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toBeVisible();
  await expect(mainNav(page).getByRole("button", { name: "Logout" })).toHaveCount(0);
});

test("the confirmation link works only once", async ({ page, request, mailbox }) => {
  const email = uniqueEmail("once");
  expect((await request.post("/api/register", { data: { name: "Once Only", email, password: PASSWORD } })).status()).toBe(201);
  const link = await mailbox.link(email, /confirm/i, "/confirm/");
  expect((await request.get(link.replace(/^.*\/confirm\//, "/api/confirm/"))).status()).toBe(200);
  await page.goto(link);
  await expect(page.locator("main").getByRole("alert")).toHaveText("This confirmation link is invalid or has already been used.");
  await expect(page.getByRole("link", { name: "Go to login" })).toBeVisible();
});

test("signing in before confirming warns and can resend the confirmation mail", async ({ page, request, mailbox }) => {
  const email = uniqueEmail("unconfirmed");
  expect((await request.post("/api/register", { data: { name: "Not Yet", email, password: PASSWORD } })).status()).toBe(201);
  await expect.poll(async () => (await mailbox.to(email)).length).toBe(1);

  await page.goto("/login");
  await new LoginPage(page).submit(email, PASSWORD);
  const warning = toasts(page).filter({ hasText: "Please confirm your email first!" });
  await expect(warning).toBeVisible();
  await expect(page.locator("main").getByRole("alert")).toContainText("confirm your email");
  await expect(page).toHaveURL(/\/login$/);

  await warning.getByRole("button", { name: "Resend confirmation email" }).click();
  await expect.poll(async () => (await mailbox.to(email)).length).toBe(2);
  await expect(
    toasts(page)
      .getByText(/new confirmation link is on its way/)
      .filter({ visible: true }),
  ).toBeVisible();
});

test("forgot password needs an e-mail typed first", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(toasts(page).getByText("Please enter your email to reset password.").filter({ visible: true })).toBeVisible();
});

test("forgot password: mail, new password, sign in with it", async ({ page, signIn, shopApi, mailbox }) => {
  const user = await shopApi.customer("Ravi Kumar");
  const newPassword = "brand-new-salad-77";
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(
    toasts(page)
      .getByText(/password reset link is on its way/)
      .filter({ visible: true }),
  ).toBeVisible();

  const link = await mailbox.link(user.email, /reset/i, "/reset-password/");
  await page.goto(link);
  await expect(page).toHaveTitle(/Reset password/);
  await page.getByLabel("New password").fill(newPassword);
  await page.getByLabel("Confirm password").fill("something-else-entirely");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByLabel("Confirm password")).toHaveAccessibleDescription("Passwords do not match");

  await page.getByLabel("Confirm password").fill(newPassword);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.locator("main").getByText("Password reset successfully!").filter({ visible: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password is gone, the new one works.
  await new LoginPage(page).submit(user.email, user.password);
  await expect(page.locator("main").getByRole("alert")).toHaveText("Invalid email or password.");
  await signIn(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/$/);

  // The link was single use.
  await page.goto(link);
  await expect(page.getByText("This password reset link is invalid or expired.").filter({ visible: true })).toBeVisible();
});

test("an invalid reset link says so and offers a new one", async ({ page }) => {
  await page.goto(`/reset-password/${"A".repeat(43)}`);
  await expect(page.getByText("This password reset link is invalid or expired.").filter({ visible: true })).toBeVisible();
  await expect(page.getByLabel("New password")).toHaveCount(0);
  await page.getByRole("link", { name: "Request a new link" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the show/hide toggle switches the password input's type", async ({ page }) => {
  await page.goto("/login");
  const input = page.getByLabel("Password", { exact: true });
  await input.fill("visible-for-a-moment");
  await expect(input).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(input).toHaveAttribute("type", "text");
  const hide = page.getByRole("button", { name: "Hide password" });
  await expect(hide).toHaveAttribute("aria-pressed", "true");
  await hide.click();
  await expect(input).toHaveAttribute("type", "password");
  await expect(page.getByRole("button", { name: "Show password" })).toHaveAttribute("aria-pressed", "false");
  await expect(input).toHaveValue("visible-for-a-moment");
});

test("the account forms check input in the browser without breaking the CSP (Chrome's Issues panel stays empty)", async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (what: string) => violations.push(what));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { reportCspViolation: (what: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  for (const [path, submit, firstField] of [
    ["/login", "Login", "Email"],
    ["/register", "Sign up", "First name"],
  ]) {
    await page.goto(path);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: submit, exact: true }).click();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Enter a valid email address");
    // As with react-hook-form before: the first field with an error gets the focus.
    await expect(page.getByLabel(firstField, { exact: true })).toBeFocused();
    await page.getByLabel("Email").fill("asha@example.com");
    await expect(page.getByLabel("Email")).not.toHaveAccessibleDescription("Enter a valid email address");
  }
  expect(violations).toEqual([]);
});

test("Google and Facebook buttons are disabled with a hint when not configured", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Continue with Google" })).toHaveAccessibleDescription("Google sign-in is not configured");
  await expect(page.getByRole("button", { name: "Continue with Facebook" })).toBeDisabled();
  await expect(page.getByText("Facebook sign-in is not configured").filter({ visible: true })).toBeVisible();
});

test("sign-in returns to the page that asked for it (?next=)", async ({ page, shopApi }) => {
  const user = await shopApi.customer();
  await page.goto("/cart");
  await expect(page).toHaveURL(/\/login\?next=%2Fcart$/);
  await new LoginPage(page).submit(user.email, user.password);
  await expect(toasts(page).getByText("Login successful!").filter({ visible: true })).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
});

test("another site's address in ?next= is not followed", async ({ page, shopApi }) => {
  const user = await shopApi.customer();
  await page.goto("/login?next=//evil.example.com/");
  await new LoginPage(page).submit(user.email, user.password);
  await expect(toasts(page).getByText("Login successful!").filter({ visible: true })).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
});

test("a signed-in user visiting /login is sent home", async ({ page, signIn, shopApi }) => {
  const user = await shopApi.customer();
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  await expect(mainNav(page).getByRole("button", { name: "Logout" })).toBeVisible();
});

test("an admin lands on the admin dashboard after signing in", async ({ page, signIn }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("the dev outbox is not served in production", async ({ page }) => {
  await page.goto("/dev/outbox");
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
});

for (const path of ["/login", "/register"]) {
  test(`${path} has no serious or critical accessibility violations, and fits 320 px`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    await page.setViewportSize({ width: 320, height: 640 });
    const form = page.locator("main form").first();
    await expect(form).toBeVisible();
    const box = await form.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
}
