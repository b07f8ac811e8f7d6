-- A processing refund is leased like a drawing or a song, so a refund cut off by a crash is asked
-- again (same refund number) by the refund worker after a restart, with a backoff while the payment
-- service still reports it processing (services/shop/refund-worker.ts).
ALTER TABLE "order_refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "claim_token" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "next_try_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_refunds_processing_idx" ON "order_refunds" USING btree ("next_try_at") WHERE status = 'processing';