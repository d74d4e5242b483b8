import { rzId, unixNow } from "@/imitations/razorpay/entities";
import type { ImitationEvent } from "@/imitations/razorpay/ledger";
import { webhookSignature } from "@/imitations/razorpay/signatures";

// Sends the ledger's events as Razorpay does: POST of `{entity: "event", account_id, event,
// contains, payload: {<entity>: {entity: {...}}}, created_at}` with X-Razorpay-Signature (hex
// HMAC-SHA256 of these exact bytes under the webhook secret) and X-Razorpay-Event-Id. Tests can
// hold events back and deliver them late, twice or out of order, as Razorpay may.

export type SentEvent = {
  id: string;
  event: ImitationEvent["event"];
  /** The exact bytes that were (or will be) POSTed and signed. */
  body: string;
  signature: string;
};

export type Delivery = { eventId: string; event: string; status: number | "unreachable" };

export class WebhookSender {
  readonly events: SentEvent[] = [];
  readonly deliveries: Delivery[] = [];
  private held: SentEvent[] | null = null;
  private inFlight = new Set<Promise<void>>();

  constructor(
    private readonly secret: string,
    private readonly accountId: string,
    public url: string | undefined,
  ) {}

  /** Called by the ledger for every change. */
  readonly publish = (change: ImitationEvent) => {
    const { event, ...entities } = change;
    const payload = Object.fromEntries(Object.entries(entities).map(([name, entity]) => [name, { entity }]));
    const body = JSON.stringify({
      entity: "event",
      account_id: this.accountId,
      event,
      contains: Object.keys(entities),
      payload,
      created_at: unixNow(),
    });
    const sent: SentEvent = { id: rzId("evt"), event, body, signature: webhookSignature(this.secret, body) };
    this.events.push(sent);
    if (this.held) this.held.push(sent);
    else void this.deliver(sent.id);
  };

  /** From now on keep events back until `release()` or `deliver(id)`. */
  hold() {
    this.held ??= [];
  }

  /** Stops holding and delivers what was held, in the order given (default: as they happened). */
  async release(order: (events: SentEvent[]) => SentEvent[] = (events) => events) {
    const held = this.held ?? [];
    this.held = null;
    for (const sent of order(held)) await this.deliver(sent.id);
  }

  /** Delivers one event now, again if it was delivered before (same id, same bytes, as Razorpay's retries). */
  deliver(eventId: string): Promise<void> {
    const sent = this.events.find((e) => e.id === eventId);
    if (!sent) return Promise.reject(new Error(`No event ${eventId}`));
    const url = this.url;
    if (!url) return Promise.resolve();
    const attempt = fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-razorpay-signature": sent.signature,
        "x-razorpay-event-id": sent.id,
        "user-agent": "Razorpay-Webhook/v1 (imitation)",
      },
      body: sent.body,
      signal: AbortSignal.timeout(10_000),
    }).then(
      async (res) => {
        await res.arrayBuffer().catch(() => undefined);
        this.deliveries.push({ eventId: sent.id, event: sent.event, status: res.status });
      },
      () => void this.deliveries.push({ eventId: sent.id, event: sent.event, status: "unreachable" }),
    );
    this.inFlight.add(attempt);
    void attempt.finally(() => this.inFlight.delete(attempt));
    return attempt;
  }

  /** Waits for every delivery under way (tests call it before looking at what the shop did). */
  async settled() {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }
}
