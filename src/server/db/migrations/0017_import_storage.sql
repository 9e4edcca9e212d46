-- A file already in someone else's live draft is imported for this user too, marked (not refused).
ALTER TABLE "import_drafts" ADD COLUMN "imported_elsewhere" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- When a worker last took this job: the queue serves the owner served least recently first.
ALTER TABLE "import_drafts" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
-- The per-user daily quota counts a user's drafts of the last 24 hours.
CREATE INDEX "import_drafts_owner_created_idx" ON "import_drafts" USING btree ("owner_id","created_at");--> statement-breakpoint
-- The queue's turns read when each owner was last served.
CREATE INDEX "import_drafts_owner_claimed_idx" ON "import_drafts" USING btree ("owner_id","claimed_at");--> statement-breakpoint
-- The installation's bound sums the bytes drafts still hold.
CREATE INDEX "import_drafts_held_idx" ON "import_drafts" USING btree ("size") WHERE "import_drafts"."content" is not null;
