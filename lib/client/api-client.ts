import type { z } from "zod";
import type { Buyer } from "@/lib/billing/buyer-schema";
import { isErrorCode, type ErrorCode } from "@/lib/error-codes";
import type { ApiOrderWithHistory, CancelledOrders, CheckoutValues, OrderRating } from "@/lib/orders/types";
import type { ReorderReply } from "@/lib/reorder/types";
import type { ApiUser } from "@/lib/users/types";
import type { PublicUser, Role } from "@/lib/auth/types";
import type { MenuItemView } from "@/lib/menu/types";
import type { MenuItemForm } from "@/lib/menu/form-schema";
import type { orderInputSchema, PaymentMethodLabel } from "@/lib/orders/schema";
import type { OrderStatus } from "@/lib/orders/status";
import type { KitchenRead } from "@/lib/orders/kitchen-rules";
import type { DeliveryCheck, SlotOffer, StoreState } from "@/lib/store/types";
import type { CouponCheck } from "@/lib/offers/types";
import type { ApiPushSubscription, NotificationSettings } from "@/lib/notifications/types";

// The one client the browser uses for the shop's JSON API: every call sends JSON with the
// session cookie, and every failure arrives as an ApiError whose `code` the UI switches on
// (never the message text, which is for people and may be reworded).
// Client-safe: type-only imports from the domains, nothing that reaches the server at runtime.

/** The server's codes, plus the two failures that never reached a JSON reply. */
export type ApiErrorCode = ErrorCode | "network" | "bad_reply";

export class ApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when the server was not reached. */
    readonly status: number,
    readonly code: ApiErrorCode,
    /** The reply's other fields (e.g. `field`, or `prices` and totals on a price_changed 409). */
    readonly extra: Record<string, unknown> = {},
    /** Seconds from Retry-After (429, 503), when the server sent one. */
    readonly retryAfterSeconds?: number,
    /** Whether `message` is the server's own text rather than a stand-in. */
    readonly fromServer = false,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The field the server named as wrong, if any. */
  get field(): string | undefined {
    return typeof this.extra.field === "string" ? this.extra.field : undefined;
  }
}

const FALLBACK = "Something went wrong. Please try again.";
const UNREACHABLE = "Could not reach the server. Check your connection and try again.";

/** The server's message for this failure, or the caller's own text when it sent none. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}

function retryAfter(res: Response): number | undefined {
  const value = Number(res.headers.get("retry-after"));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The code for a reply that named none (a proxy's page, an old server): by status. */
function codeForStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: "invalid",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    409: "conflict",
    413: "payload_too_large",
    415: "unsupported_media_type",
    429: "rate_limited",
    503: "unavailable",
  };
  return byStatus[status] ?? "internal";
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One call: JSON in and out; resolves with the parsed reply, or throws an ApiError. */
export async function apiFetch<T>(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: "same-origin",
      cache: "no-store",
      headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(UNREACHABLE, 0, "network");
  }
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    throw new ApiError(FALLBACK, res.status, res.ok ? "bad_reply" : codeForStatus(res.status), {}, retryAfter(res));
  }
  if (res.ok) return data as T;
  const { error, code, ...extra } = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  const text = typeof error === "string" && error.trim() ? error : undefined;
  throw new ApiError(
    text ?? FALLBACK,
    res.status,
    isErrorCode(code) ? code : codeForStatus(res.status),
    extra,
    retryAfter(res),
    text !== undefined,
  );
}

const at = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export type Message = { message: string };
/** POST /api/orders' body: the order, and a business buyer for its bill (lib/flows/place-order-input.ts). */
export type PlaceOrderBody = z.input<typeof orderInputSchema> & { buyer?: Buyer | null; couponCode?: string; whatsapp?: boolean };
export type OrderListQuery = { status?: OrderStatus; before?: string; limit?: number };

/** One method per endpoint the shop's pages call. */
export const api = {
  login: (body: { email: string; password: string }) => apiFetch<{ user: PublicUser; token: string }>("POST", "/api/login", body),
  register: (body: { name: string; email: string; password: string }) => apiFetch<Message>("POST", "/api/register", body),
  resendConfirmation: (email: string) => apiFetch<Message>("POST", "/api/resend-confirmation", { email }),
  forgotPassword: (email: string) => apiFetch<Message>("POST", "/api/forgot-password", { email }),
  verifyResetToken: (token: string) => apiFetch<{ valid: true }>("GET", at("/api/verify-reset-token", token)),
  resetPassword: (token: string, password: string) => apiFetch<Message>("POST", at("/api/reset-password", token), { password }),
  confirm: (token: string) => apiFetch<Message>("GET", at("/api/confirm", token)),
  logout: () => apiFetch<Message>("POST", "/api/logout"),

  /** The key makes a retried click the same order, not a second one. */
  placeOrder: (body: PlaceOrderBody, idempotencyKey: string) =>
    apiFetch<{ success: true; order: ApiOrderWithHistory; checkout?: CheckoutValues | null }>("POST", "/api/orders", body, {
      "Idempotency-Key": idempotencyKey,
    }),
  orders: (query: OrderListQuery = {}) => {
    const params = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
    const search = params.toString();
    return apiFetch<ApiOrderWithHistory[]>("GET", `/api/orders${search ? `?${search}` : ""}`);
  },
  order: (id: string) => apiFetch<ApiOrderWithHistory>("GET", at("/api/orders", id)),
  /** Order again (product.md §13): the order's lines as cart lines today, and what was left out. */
  reorder: (id: string) => apiFetch<ReorderReply>("POST", `${at("/api/orders", id)}/reorder`),
  /** Rates a delivered order of one's own, once. */
  rateOrder: (id: string, body: { stars: number; comment?: string }) =>
    apiFetch<OrderRating>("POST", `${at("/api/orders", id)}/rating`, body),
  setOrderStatus: (id: string, status: OrderStatus) => apiFetch<ApiOrderWithHistory>("PATCH", at("/api/orders", id), { status }),
  /** The kitchen display's read; `search` from lib/orders/kitchen-query.ts's kitchenSearch. */
  kitchen: (search: string) => apiFetch<KitchenRead>("GET", `/api/kitchen${search}`),
  /** Running late: moves the order's promise `delayMinutes` later (admins). */
  delayOrder: (id: string, delayMinutes: number) => apiFetch<ApiOrderWithHistory>("PATCH", at("/api/orders", id), { delayMinutes }),
  /** The shop's state now: open, paused, next opening, the ASAP promise and how far ahead orders may be scheduled. */
  store: () => apiFetch<StoreState>("GET", "/api/store"),
  /** The slots a customer may schedule on an India date `YYYY-MM-DD`, full ones marked. */
  slots: (date: string) => apiFetch<SlotOffer[]>("GET", `/api/slots?date=${encodeURIComponent(date)}`),
  /** Whether the shop delivers to a 6-digit PIN, and on what terms. */
  checkPin: (pin: string) => apiFetch<DeliveryCheck>("GET", `/api/delivery-areas/check?pin=${encodeURIComponent(pin)}`),
  /** Whether a coupon code applies to the cart as it stands, and for how much (product.md §13). */
  checkCoupon: (body: { code: string; subtotal: number; paymentMethod?: PaymentMethodLabel; pin?: string }) =>
    apiFetch<CouponCheck>("POST", "/api/offers/check", body),
  /** Pauses new ASAP orders for `minutes`, or until reopened (null). */
  pauseStore: (body: { minutes: number | null; reason: string | null }) => apiFetch<StoreState>("POST", "/api/store/pause", body),
  reopenStore: () => apiFetch<StoreState>("DELETE", "/api/store/pause"),

  users: () => apiFetch<ApiUser[]>("GET", "/api/users"),
  setUserRole: (id: string, role: Role) => apiFetch<ApiUser>("PATCH", at("/api/users", id), { role }),
  cancelOpenOrders: (userId: string) => apiFetch<CancelledOrders>("POST", `${at("/api/users", userId)}/cancel-open-orders`),

  createMenuItem: (values: MenuItemForm) => apiFetch<MenuItemView>("POST", "/api/menu", values),
  updateMenuItem: (id: string, values: Partial<MenuItemForm>) => apiFetch<MenuItemView>("PUT", at("/api/menu", id), values),
  deleteMenuItem: (id: string) => apiFetch<Message>("DELETE", at("/api/menu", id)),

  /** Order updates on the phone (product.md §14): the VAPID key, this browser's subscription, the customer's switches. */
  pushKey: () => apiFetch<{ publicKey: string }>("GET", "/api/push/key"),
  subscribePush: (subscription: PushSubscriptionJSON) => apiFetch<ApiPushSubscription>("POST", "/api/push/subscriptions", subscription),
  notificationSettings: () => apiFetch<NotificationSettings>("GET", "/api/me/notifications"),
  changeNotificationSettings: (change: { push?: boolean; whatsapp?: boolean }) =>
    apiFetch<NotificationSettings>("PUT", "/api/me/notifications", change),
};

export type Settled<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/** A call's outcome as a value, for screens that report failures rather than unwind on them. */
export async function settle<T>(call: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    return { ok: false, error: error instanceof ApiError ? error : new ApiError(FALLBACK, 0, "network") };
  }
}

/** The server's message without the field path it may start with ("prices.small: must be …"). */
export function withoutFieldPrefix(message: string): string {
  return message.replace(/^[\w.]+: /, "");
}
