ALTER TABLE "push_channels" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sandbox_key_hash" text;--> statement-breakpoint
ALTER TABLE "push_channels" ADD COLUMN "key_hash" text;--> statement-breakpoint
ALTER TABLE "wx_logins" ADD COLUMN "key_hash" text;