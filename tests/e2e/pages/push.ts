import { expect, request, type Page } from "@playwright/test";
import { PUSH_PORT } from "../shops";
import type { ImitationSubscription } from "@/imitations/push/server";

// Order updates on the phone in the browser (product.md §14): the local push service the shops
// send to (tests/e2e/serve.ts starts it, over https), and a browser's push machinery pointed at
// it. Headless Chromium has no push service of its own here (subscribing asks Google's, which
// this machine cannot reach), so `pushManager` hands out a subscription of the imitation; the
// rest is Chromium's own: the permission prompt, the island's calls, the shop's encrypted push.

const SERVICE = `https://127.0.0.1:${PUSH_PORT}`;

export class PushService {
  private constructor(private readonly api: Awaited<ReturnType<typeof request.newContext>>) {}

  static async open(): Promise<PushService> {
    return new PushService(await request.newContext({ baseURL: SERVICE, ignoreHTTPSErrors: true }));
  }

  async subscription(): Promise<ImitationSubscription> {
    return (await (await this.api.post("/subscriptions")).json()) as ImitationSubscription;
  }

  /** The pushes `endpoint` received, decrypted as the phone reads them, once there are `count`. */
  async received(endpoint: string, count: number): Promise<unknown[]> {
    let got: unknown[] = [];
    await expect
      .poll(async () => {
        const all = (await (await this.api.get("/received")).json()) as { endpoint: string; json: unknown }[];
        got = all.filter((p) => p.endpoint === endpoint).map((p) => p.json);
        return got.length;
      })
      .toBeGreaterThanOrEqual(count);
    return got;
  }

  close = () => this.api.dispose();
}

/** Gives `page` a service worker whose pushManager subscribes to `subscription`; what it was asked with is kept in `window.pushAsked`. */
export async function browserPushingTo(page: Page, subscription: ImitationSubscription): Promise<void> {
  await page.addInitScript((sub) => {
    const asked: string[] = [];
    Object.assign(window, { pushAsked: asked });
    const pushManager = {
      getSubscription: async () => null,
      subscribe: async (options: { applicationServerKey: Uint8Array }) => {
        asked.push(btoa(String.fromCharCode(...options.applicationServerKey)));
        return { endpoint: sub.endpoint, toJSON: () => sub };
      },
    };
    const registration = { active: {}, pushManager };
    Object.defineProperty(navigator.serviceWorker, "getRegistration", { value: async () => registration });
  }, subscription);
}

/** The VAPID key the island subscribed with, as standard base64. */
export const keyAskedFor = (page: Page) => page.evaluate(() => (window as unknown as { pushAsked: string[] }).pushAsked);
