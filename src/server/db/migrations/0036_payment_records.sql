CREATE TABLE "payment_checks" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"order_no" text NOT NULL,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"amount" integer,
	"trade_no" text,
	"raw" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"review" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_reason" text
);
--> statement-breakpoint
CREATE TABLE "reconcile_diffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"kind" text NOT NULL,
	"bill_amount" integer,
	"our_amount" integer,
	"bill_refund" integer,
	"our_refund" integer
);
--> statement-breakpoint
CREATE TABLE "reconciliations" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"bill_date" text NOT NULL,
	"status" text NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"differences" integer DEFAULT 0 NOT NULL,
	"detail" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_checks" ADD CONSTRAINT "payment_checks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconcile_diffs" ADD CONSTRAINT "reconcile_diffs_run_id_reconciliations_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_checks_next_idx" ON "payment_checks" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "payment_records_order_idx" ON "payment_records" USING btree ("order_no","at");--> statement-breakpoint
CREATE INDEX "payment_records_open_idx" ON "payment_records" USING btree ("at") WHERE review = 'open';--> statement-breakpoint
CREATE INDEX "reconcile_diffs_run_idx" ON "reconcile_diffs" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliations_day_idx" ON "reconciliations" USING btree ("provider","bill_date");