import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { PAYMENT_WINDOW_MS } from "@/lib/payments/payment-window";
import { REFUND_TIME } from "@/lib/email/templates/refund";
import { RESOLVE_WITHIN_DAYS } from "@/lib/complaints/types";
import { Panel } from "@/components/ui/panel";
import { Bone } from "@/components/ui/skeleton";
import { DeliveryFacts } from "@/components/policies/delivery-facts";

// The shop's policies (product.md §11; Consumer Protection (E-Commerce) Rules 2020, r.5(3)):
// cancellation, refunds, delivery, payments and privacy, as the shop's own rules work (§9, §10).
// The words are prerendered; the delivery areas and hours are the kitchen's settings, read per
// request inside a Suspense boundary.

const TITLE = "Policies: cancellation, refunds, delivery, payments and privacy";
const DESCRIPTION =
  "How Fresh Bowl cancels and refunds orders, where and when we deliver, how you can pay (Cash on Delivery, UPI and cards through Razorpay), and what we do with your data.";

export const metadata: Metadata = {
  title: TITLE,
  description: DESCRIPTION,
  alternates: { canonical: "/policies" },
  openGraph: { type: "website", siteName: "Fresh Bowl", locale: "en_IN", title: TITLE, description: DESCRIPTION, url: "/policies" },
};

/** The page's sections in order, as the contents at the top list them; each one's anchor is its title in lower case. */
const SECTIONS = ["Cancellation", "Refunds", "Delivery", "Payments", "Privacy", "Complaints"] as const;
type SectionTitle = (typeof SECTIONS)[number];
const anchorOf = (title: SectionTitle) => title.toLowerCase();

const PAY_MINUTES = PAYMENT_WINDOW_MS / 60_000;

function Section({ title, children }: { title: SectionTitle; children: React.ReactNode }) {
  const id = anchorOf(title);
  return (
    <Panel padding="lg" aria-labelledby={`${id}-heading`} id={id} className="scroll-mt-20 space-y-3">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </Panel>
  );
}

export default function PoliciesPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6 leading-relaxed">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Our policies</h1>
        <p className="mt-2 text-stone-700">The rules every order is placed under. The shop enforces them as written here.</p>
        <nav aria-label="Policies" className="mt-3">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {SECTIONS.map((title) => (
              <li key={title}>
                <a href={`#${anchorOf(title)}`} className="underline underline-offset-2">
                  {title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <Section title="Cancellation">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            You can cancel an order yourself on its page while it is <strong>pending</strong>, that is until our kitchen accepts it. Once
            the kitchen has accepted it, please call or write to us: we can still cancel an accepted order before it is being prepared.
          </li>
          <li>Once your bowls are being prepared or are on their way, the order can no longer be cancelled.</li>
          <li>
            An order paid by UPI or card that is not paid within {PAY_MINUTES} minutes of placing is cancelled by the shop, and its delivery
            slot is freed. Until then you can pay, or switch to Cash on Delivery on the order&apos;s page.
          </li>
          <li>We may cancel an order we cannot deliver (for example a kitchen emergency); you are then refunded in full.</li>
        </ul>
      </Section>

      <Section title="Refunds">
        <ul className="list-disc space-y-1 pl-5">
          <li>A cancelled order that was paid online is refunded in full, at once, to the UPI account or card you paid with.</li>
          <li>
            If something was wrong with a delivered order (a missing or wrong item, its quality, a late delivery), report it on our{" "}
            <Link href="/help" className="underline underline-offset-2">
              help page
            </Link>
            . We may refund all or part of the order: an online payment goes back through Razorpay to the account you paid with; for Cash on
            Delivery we pay the money back to you ourselves.
          </li>
          <li>
            How fast: we start a refund the moment it is agreed and e-mail you. Refunds through Razorpay reach you {REFUND_TIME}, as your
            bank processes them. A payment that reached us after its order was cancelled is refunded automatically.
          </li>
          <li>Refunds of a billed order are issued as a credit note against its tax invoice.</li>
        </ul>
      </Section>

      <Section title="Delivery">
        <p>
          Our own riders deliver from our cloud kitchen. Prices on the menu include GST; the delivery fee and any packaging charge are shown
          before you pay.
        </p>
        <Suspense fallback={<Bone className="h-40 w-full" />}>
          <DeliveryFacts />
        </Suspense>
      </Section>

      <Section title="Payments">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>Cash on Delivery</strong>: pay the rider when your order arrives.
          </li>
          <li>
            <strong>UPI</strong> and <strong>credit or debit cards</strong>: paid online before the kitchen starts, processed by{" "}
            <strong>Razorpay</strong> (Razorpay Software Private Limited), an RBI-authorised payment aggregator. We never see or store your
            card number or UPI PIN; Razorpay&apos;s own checkout takes them.
          </li>
          <li>You pay exactly the total shown before you pay: nothing is added afterwards and there is no service charge.</li>
        </ul>
      </Section>

      <Section title="Privacy">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            What we keep: your name, e-mail address and password (stored only as a secure hash), the delivery addresses and phone numbers
            you give us, and your orders.
          </li>
          <li>
            Why: to cook and deliver your orders, to bill them as the law requires, to send you mails about your orders and account, and to
            answer your complaints. We do not sell your data or use it for advertising.
          </li>
          <li>
            Who else sees it: our riders see the name, address and phone of the orders they deliver; Razorpay processes online payments; our
            mail provider sends our e-mails. Bills are kept as long as tax law requires.
          </li>
          <li>
            To see, correct or delete your data, write to our grievance officer (named at the foot of every page) or use our{" "}
            <Link href="/help" className="underline underline-offset-2">
              help page
            </Link>
            .
          </li>
        </ul>
      </Section>

      <Section title="Complaints">
        <p>
          Report a problem on our{" "}
          <Link href="/help" className="underline underline-offset-2">
            help page
          </Link>{" "}
          or from the order&apos;s page. You get a ticket number and an acknowledgement by e-mail at once, and we resolve every complaint
          within {RESOLVE_WITHIN_DAYS} days. Our grievance officer&apos;s name, designation and contacts are at the foot of every page.
        </p>
      </Section>
    </div>
  );
}
