-- Heard on the phone (product.md §14): one outbox for every message about an order (e-mail, Web
-- Push, WhatsApp), the browsers' push subscriptions, the customer's switches and WhatsApp consent.
CREATE TYPE "MessageChannel" AS ENUM ('email', 'push', 'whatsapp');
CREATE TYPE "MessageState" AS ENUM ('queued', 'sent', 'delivered', 'failed');

ALTER TABLE "users" ADD COLUMN "push_updates" BOOLEAN NOT NULL DEFAULT true,
    ADD COLUMN "whatsapp_updates" BOOLEAN NOT NULL DEFAULT true;

ALTER TABLE "orders" ADD COLUMN "whatsapp_consent_at" TIMESTAMP(3);

CREATE TABLE "push_subscriptions" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "push_subscriptions_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions"("endpoint");
CREATE INDEX "push_subscriptions_user_id_created_at_idx" ON "push_subscriptions"("user_id", "created_at");
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A message goes with its order; a subscription removed (by its owner, or gone at the push
-- service) leaves the message it was sent to, without it.
CREATE TABLE "order_messages" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "channel" "MessageChannel" NOT NULL,
    "event" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "state" "MessageState" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "provider_id" TEXT,
    "push_subscription_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),
    "delivered_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_messages_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "order_messages_provider_id_key" ON "order_messages"("provider_id");
CREATE INDEX "order_messages_order_id_created_at_idx" ON "order_messages"("order_id", "created_at");
CREATE INDEX "order_messages_push_subscription_id_idx" ON "order_messages"("push_subscription_id");
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_push_subscription_id_fkey" FOREIGN KEY ("push_subscription_id") REFERENCES "push_subscriptions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "whatsapp_opt_outs" (
    "phone" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "whatsapp_opt_outs_pkey" PRIMARY KEY ("phone")
);
