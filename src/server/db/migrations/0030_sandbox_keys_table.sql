-- A sandbox order's live pay-link key moves out of the order row (schema/orders.ts orderSandboxKeys):
-- issuing or using a key no longer updates the order, so it no longer tells every process that the
-- user's order list changed.
CREATE TABLE "order_sandbox_keys" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_sandbox_keys" ADD CONSTRAINT "order_sandbox_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "order_sandbox_keys" ("order_id", "key_hash")
  SELECT "id", "sandbox_key_hash" FROM "orders" WHERE "sandbox_key_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "sandbox_key_hash";
