CREATE TABLE "import_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"owner_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea",
	"status" text DEFAULT 'queued' NOT NULL,
	"confidence" double precision,
	"data" jsonb,
	"evidence" jsonb,
	"warnings" jsonb,
	"duplicate_of" integer,
	"reason" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"approved_by" uuid,
	"experiment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_drafts_status_check" CHECK ("import_drafts"."status" in ('queued', 'processing', 'ready', 'failed', 'approved', 'discarded'))
);
--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_drafts" ADD CONSTRAINT "import_drafts_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_drafts" ADD CONSTRAINT "import_drafts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_drafts" ADD CONSTRAINT "import_drafts_duplicate_of_experiments_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."experiments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_drafts" ADD CONSTRAINT "import_drafts_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_drafts" ADD CONSTRAINT "import_drafts_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_owner_idx" ON "import_batches" USING btree ("owner_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "import_drafts_batch_idx" ON "import_drafts" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "import_drafts_owner_idx" ON "import_drafts" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "import_drafts_sha256_idx" ON "import_drafts" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "import_drafts_queue_idx" ON "import_drafts" USING btree ("id") WHERE "import_drafts"."status" in ('queued', 'processing');--> statement-breakpoint
CREATE INDEX "documents_sha256_idx" ON "documents" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "experiments_import_dup_idx" ON "experiments" USING btree (lower(trim("cidade")),"ano");--> statement-breakpoint
-- Drafts' PDFs are read whole by the worker and in slices by the review: stored like documents' (0007).
ALTER TABLE "import_drafts" ALTER COLUMN "content" SET STORAGE EXTERNAL;--> statement-breakpoint
-- Every document has carried its SHA-256 since 0007; a row written otherwise (a restore, a hand
-- edit) gets it from its bytes, so the import's duplicate check sees every stored PDF.
UPDATE "documents" SET "sha256" = encode(sha256("content"), 'hex') WHERE "sha256" !~ '^[0-9a-f]{64}$';
