import { toast } from "@/components/ui/toast";
import { ApiError, api, messageOf, type ApiErrorCode } from "@/lib/client/api-client";

// What the account forms show for a call through lib/client/api-client.ts: the server's message, else
// the text the seed app showed when the reply carried none.

export type Outcome = { ok: true; message: string } | { ok: false; message: string; field?: string; code?: ApiErrorCode };

/** The reply's `message` when it has one, else the fallback. */
function messageIn(data: unknown, fallback: string): string {
  const message = data && typeof data === "object" ? (data as { message?: unknown }).message : undefined;
  return typeof message === "string" && message.trim() ? message : fallback;
}

/** Awaits a form's call and says what to show; on failure also the field and code the server named. */
export async function outcomeOf(call: Promise<unknown>, texts: { success: string; failure: string }): Promise<Outcome> {
  try {
    return { ok: true, message: messageIn(await call, texts.success) };
  } catch (error) {
    const failed = error instanceof ApiError ? error : undefined;
    return { ok: false, message: messageOf(error, texts.failure), field: failed?.field, code: failed?.code };
  }
}

async function toastOutcome(outcome: Promise<Outcome>): Promise<boolean> {
  const { ok, message } = await outcome;
  if (ok) toast.success(message);
  else toast.error(message);
  return ok;
}

export function resendConfirmation(email: string): Promise<boolean> {
  return toastOutcome(
    outcomeOf(api.resendConfirmation(email.trim()), { success: "Confirmation email sent!", failure: "Failed to send confirmation email" }),
  );
}

export function requestPasswordReset(email: string): Promise<boolean> {
  return toastOutcome(
    outcomeOf(api.forgotPassword(email.trim()), { success: "Password reset link sent!", failure: "Failed to send reset email." }),
  );
}
