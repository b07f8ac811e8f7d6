ALTER TABLE "drawings" ADD COLUMN "channel_id" integer;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "channel_id" integer;--> statement-breakpoint
ALTER TABLE "drawings" ADD CONSTRAINT "drawings_channel_id_model_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."model_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_channel_id_model_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."model_channels"("id") ON DELETE set null ON UPDATE no action;
