CREATE TABLE "sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"success" boolean NOT NULL,
	"failure" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "user_activity" (
	"user_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "user_activity_user_id_hour_pk" PRIMARY KEY("user_id","hour")
);
--> statement-breakpoint
CREATE TABLE "usage_hours" (
	"metric" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_hours_metric_hour_pk" PRIMARY KEY("metric","hour")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_ins_user_idx" ON "sign_ins" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "sign_ins_at_idx" ON "sign_ins" USING btree ("at");--> statement-breakpoint
CREATE INDEX "user_activity_hour_idx" ON "user_activity" USING btree ("hour","user_id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_end_date_idx" ON "users" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "users_end_date_plus_idx" ON "users" USING btree ("end_date_plus");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE paid_at is not null;--> statement-breakpoint
CREATE INDEX "drawings_created_at_idx" ON "drawings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "drawings_failed_idx" ON "drawings" USING btree ("updated_at") WHERE status = 11;--> statement-breakpoint
CREATE INDEX "songs_created_at_idx" ON "songs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "songs_failed_idx" ON "songs" USING btree ("updated_at") WHERE status = 11;--> statement-breakpoint
CREATE INDEX "coupon_claims_claimed_at_idx" ON "coupon_claims" USING btree ("claimed_at");--> statement-breakpoint
CREATE FUNCTION sign_ins_no_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'sign_ins is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER sign_ins_append_only BEFORE UPDATE ON "sign_ins"
  FOR EACH ROW EXECUTE FUNCTION sign_ins_no_update();
