"use client";

import { useState } from "react";
import { api, messageOf } from "@/lib/client/api-client";
import { Panel } from "@/components/ui/panel";
import type { NotificationSettings } from "@/lib/notifications/types";

type Channel = "push" | "whatsapp";

const LABELS: Record<Channel, { label: string; on: string; off: string }> = {
  push: { label: "Notifications on my phones", on: "Push notifications are on.", off: "Push notifications are off." },
  whatsapp: { label: "Order updates on WhatsApp", on: "WhatsApp updates are on.", off: "WhatsApp updates are off." },
};

/**
 * The customer's switches for order updates (product.md §14): push and WhatsApp, each saved at
 * once and said in words. Only the channels the shop offers are shown.
 */
export function UpdateSwitches({ initial }: { initial: NotificationSettings }) {
  const [settings, setSettings] = useState(initial);
  const [busy, setBusy] = useState<Channel | null>(null);
  const [said, setSaid] = useState("");
  const offered = (["push", "whatsapp"] as const).filter((c) => (c === "push" ? settings.pushAvailable : settings.whatsappAvailable));
  if (offered.length === 0) return null;

  async function change(channel: Channel, on: boolean) {
    // The switch moves at once; a refusal puts it back.
    const before = settings;
    setSettings({ ...settings, [channel]: on });
    setBusy(channel);
    setSaid("");
    try {
      setSettings(await api.changeNotificationSettings({ [channel]: on }));
      setSaid(on ? LABELS[channel].on : LABELS[channel].off);
    } catch (error) {
      setSettings(before);
      setSaid(messageOf(error, "Could not save that. Please try again."));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Panel aria-labelledby="order-updates-heading">
      <h2 id="order-updates-heading" className="text-lg font-bold">
        Order updates
      </h2>
      <p className="mt-1 text-sm text-stone-700">E-mails about your orders always go; these come on top.</p>
      <div className="mt-2 flex flex-col gap-1">
        {offered.map((channel) => (
          <label key={channel} className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold">
            <input
              type="checkbox"
              role="switch"
              checked={settings[channel]}
              disabled={busy !== null}
              onChange={(e) => void change(channel, e.target.checked)}
              className="h-5 w-5 accent-brand-700"
            />
            {LABELS[channel].label}
          </label>
        ))}
      </div>
      <p role="status" className="mt-1 text-sm text-stone-800">
        {said}
      </p>
    </Panel>
  );
}
