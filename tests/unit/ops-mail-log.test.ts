import { createElement } from "react";
// Loaded now, while NODE_ENV is "test": send.ts imports it on use, and under NODE_ENV=production
// React would load its production build beside the development JSX runtime the templates use.
import "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendEmail } from "@/lib/email/send";
import { outbox } from "@/lib/email/outbox";
import { ResetPasswordEmail } from "@/lib/email/templates/reset-password";
import { resetEnvCache } from "@/lib/env";

// Without RESEND_API_KEY a mail stays in the outbox and the server log names it (product
// contract §1); in production that log never carries its link (§5): a reset link in a log hands
// the account to whoever reads the log.

const saved = { NODE_ENV: process.env.NODE_ENV, RESEND_API_KEY: process.env.RESEND_API_KEY };
const env = process.env as Record<string, string | undefined>;

afterEach(() => {
  env.NODE_ENV = saved.NODE_ENV;
  env.RESEND_API_KEY = saved.RESEND_API_KEY;
  resetEnvCache();
  vi.restoreAllMocks();
});

async function logOfResetMail(nodeEnv: "production" | "development"): Promise<string> {
  env.NODE_ENV = nodeEnv;
  delete env.RESEND_API_KEY;
  resetEnvCache();
  const lines: string[] = [];
  for (const level of ["info", "log", "warn", "error"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
  }
  const url = "https://shop.example.com/reset-password/Zm9yLXRoZS1sb2ctdGVzdC1vbmx5";
  await sendEmail({
    to: "ana@example.com",
    subject: "Reset your Fresh Bowl password",
    template: createElement(ResetPasswordEmail, { name: null, url }),
  });
  return lines.join("\n");
}

describe("the outbox's server log", () => {
  it("in production names the mail without its link", async () => {
    const log = await logOfResetMail("production");
    expect(log).toContain("Reset your Fresh Bowl password");
    expect(log).not.toMatch(/reset-password\/|https?:\/\//);
  });

  it("in production keeps nothing in the server's memory: /dev/outbox never answers there", async () => {
    outbox().length = 0;
    await logOfResetMail("production");
    expect(outbox()).toEqual([]);
    await logOfResetMail("development");
    expect(outbox().map((mail) => mail.subject)).toEqual(["Reset your Fresh Bowl password"]);
  });

  it("in development shows the link, so a developer can follow it", async () => {
    expect(await logOfResetMail("development")).toContain("https://shop.example.com/reset-password/Zm9yLXRoZS1sb2ctdGVzdC1vbmx5");
  });
});
