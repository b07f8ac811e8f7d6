CREATE TABLE "referral_balances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"withdrawing" integer DEFAULT 0 NOT NULL,
	"debt" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_balances_not_negative" CHECK ("referral_balances"."held" >= 0 and "referral_balances"."available" >= 0 and "referral_balances"."withdrawing" >= 0 and "referral_balances"."debt" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referral_commissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"level" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount" integer NOT NULL,
	"reversed" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"move" text NOT NULL,
	"user_id" integer,
	"account" text NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"commission_id" integer,
	"withdrawal_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_invites" (
	"invitee_id" integer PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"ip" text NOT NULL,
	"ua_hash" text NOT NULL,
	"converted_at" timestamp with time zone,
	"converted_order_id" integer,
	"reward" text,
	"inviter_days" integer DEFAULT 0 NOT NULL,
	"invitee_days" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_invites_not_self" CHECK ("referral_invites"."invitee_id" <> "referral_invites"."inviter_id")
);
--> statement-breakpoint
CREATE TABLE "referral_withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"account" text NOT NULL,
	"real_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewer_id" integer,
	"reviewer_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "referral_withdrawals_positive" CHECK ("referral_withdrawals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "referral_balances" ADD CONSTRAINT "referral_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_entries" ADD CONSTRAINT "referral_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_invites" ADD CONSTRAINT "referral_invites_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_invites" ADD CONSTRAINT "referral_invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_invites" ADD CONSTRAINT "referral_invites_converted_order_id_orders_id_fk" FOREIGN KEY ("converted_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_withdrawals" ADD CONSTRAINT "referral_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_withdrawals" ADD CONSTRAINT "referral_withdrawals_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_commissions_order_level_idx" ON "referral_commissions" USING btree ("order_id","level");--> statement-breakpoint
CREATE INDEX "referral_commissions_due_idx" ON "referral_commissions" USING btree ("status","release_at");--> statement-breakpoint
CREATE INDEX "referral_commissions_user_idx" ON "referral_commissions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_entries_user_idx" ON "referral_entries" USING btree ("user_id","account");--> statement-breakpoint
CREATE INDEX "referral_entries_move_idx" ON "referral_entries" USING btree ("move");--> statement-breakpoint
CREATE INDEX "referral_invites_inviter_idx" ON "referral_invites" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_invites_converted_idx" ON "referral_invites" USING btree ("converted_at");--> statement-breakpoint
CREATE INDEX "referral_withdrawals_status_idx" ON "referral_withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "referral_withdrawals_user_idx" ON "referral_withdrawals" USING btree ("user_id","created_at");