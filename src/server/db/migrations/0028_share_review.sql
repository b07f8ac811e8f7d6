ALTER TABLE "chat_shares" ADD COLUMN "review" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_shares" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_shares_hidden_idx" ON "chat_shares" USING btree ("updated_at") WHERE review = 'hidden';
