-- PDFs past a stated size live in an object store (documents/objects.ts, docs/deploy.md): the row
-- keeps the metadata and says where the bytes are. 'banco': in "content" as before; 'objeto': in
-- the store under the bytes' SHA-256 (the "sha256" column), written before the row commits.
ALTER TABLE "documents" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "storage" text DEFAULT 'banco' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_storage_check" CHECK (("storage" = 'banco' AND "content" IS NOT NULL) OR ("storage" = 'objeto' AND "content" IS NULL));
--> statement-breakpoint
-- When a periodic job last ran on any server (documents/collector.ts): the server whose UPDATE
-- moves the time on runs it, so N servers run it once per period between them.
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The secondary indexes a bulk load (seed/demo.ts) dropped, to build after it: kept here so that a
-- load cut short builds them at its next start rather than leaving the tables without them.
CREATE TABLE "bulk_load_indexes" (
	"name" text PRIMARY KEY NOT NULL,
	"definition" text NOT NULL
);
