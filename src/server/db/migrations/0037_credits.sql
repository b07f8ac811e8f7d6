CREATE TABLE "credit_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"streak" integer DEFAULT 0 NOT NULL,
	"last_check_in" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_accounts_balance_check" CHECK ("credit_accounts"."balance" >= 0),
	CONSTRAINT "credit_accounts_held_check" CHECK ("credit_accounts"."held" >= 0 and "credit_accounts"."held" <= "credit_accounts"."balance")
);
--> statement-breakpoint
CREATE TABLE "credit_check_ins" (
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"streak" integer NOT NULL,
	"reward" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_check_ins_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "credit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"movement_id" bigint NOT NULL,
	"account" text NOT NULL,
	"amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"ref" text NOT NULL,
	"kind" text,
	"amount" integer NOT NULL,
	"actor_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_rates" (
	"key" text PRIMARY KEY NOT NULL,
	"credits" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_check_ins" ADD CONSTRAINT "credit_check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_movement_id_credit_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."credit_movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_holds" ADD CONSTRAINT "credit_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_check_ins_day_idx" ON "credit_check_ins" USING btree ("day");--> statement-breakpoint
CREATE INDEX "credit_entries_account_idx" ON "credit_entries" USING btree ("account");--> statement-breakpoint
CREATE INDEX "credit_entries_movement_idx" ON "credit_entries" USING btree ("movement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_holds_ref_idx" ON "credit_holds" USING btree ("kind","ref");--> statement-breakpoint
CREATE INDEX "credit_holds_lease_idx" ON "credit_holds" USING btree ("lease_until") WHERE status = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_movements_ref_idx" ON "credit_movements" USING btree ("reason","ref");--> statement-breakpoint
CREATE INDEX "credit_movements_user_idx" ON "credit_movements" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "credit_movements_created_idx" ON "credit_movements" USING btree ("created_at");