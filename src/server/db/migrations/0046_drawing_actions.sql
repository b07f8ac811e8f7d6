ALTER TABLE "drawing_references" ADD COLUMN "role" text DEFAULT 'reference' NOT NULL;--> statement-breakpoint
ALTER TABLE "drawings" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "drawings" ADD COLUMN "parent_task_id" text;--> statement-breakpoint
ALTER TABLE "drawings" ADD COLUMN "action_params" jsonb;--> statement-breakpoint
ALTER TABLE "drawings" ADD COLUMN "grid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "drawings" ADD COLUMN "provider_buttons" jsonb;