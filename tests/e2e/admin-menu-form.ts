import type { Locator } from "@playwright/test";

// Filling /admin/menu's item form, for the specs that add items through it.

/** Fills what every new item needs: its name, the Veg Salads category and its Small, Medium and Large prices. */
export async function fillBasics(form: Locator, name: string, [small, medium, large] = ["159", "199", "239"]) {
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Category").selectOption({ label: "Veg Salads" });
  await form.getByLabel("Small price").fill(small);
  await form.getByLabel("Medium price").fill(medium);
  await form.getByLabel("Large price").fill(large);
}
