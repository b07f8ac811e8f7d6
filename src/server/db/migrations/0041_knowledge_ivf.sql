CREATE TABLE "knowledge_centroids" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"base_id" integer NOT NULL,
	"gen" integer NOT NULL,
	"model" text NOT NULL,
	"dims" integer NOT NULL,
	"ord" integer NOT NULL,
	"centroid" real[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_bases" ADD COLUMN "ivf_gen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_bases" ADD COLUMN "ivf_model" text;--> statement-breakpoint
ALTER TABLE "knowledge_bases" ADD COLUMN "ivf_passages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_bases" ADD COLUMN "ivf_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD COLUMN "ivf_list" bigint;--> statement-breakpoint
ALTER TABLE "knowledge_centroids" ADD CONSTRAINT "knowledge_centroids_base_id_knowledge_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."knowledge_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_centroids_base_idx" ON "knowledge_centroids" USING btree ("base_id","model","dims","gen");--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_ivf_list_knowledge_centroids_id_fk" FOREIGN KEY ("ivf_list") REFERENCES "public"."knowledge_centroids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_chunks_ivf_idx" ON "knowledge_chunks" USING btree ("ivf_list");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_unlisted_idx" ON "knowledge_chunks" USING btree ("base_id") WHERE ivf_list is null;