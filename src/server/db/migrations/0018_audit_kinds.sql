-- The audit trail records accounts, reference data and imports too (docs/security.md, "Repudiation"):
-- each entry has a kind the admin filters by, and an account entry names the account it is about.
ALTER TABLE "audit_log" ADD COLUMN "kind" text DEFAULT 'experimento' NOT NULL;--> statement-breakpoint
UPDATE "audit_log" SET "kind" = CASE
	WHEN "action" LIKE 'document.%' THEN 'documento'
	WHEN "action" = 'experiment.import' THEN 'importacao'
	ELSE 'experimento'
END;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_check" CHECK ("audit_log"."kind" in ('experimento', 'documento', 'conta', 'referencia', 'importacao'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_user_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_kind_at_idx" ON "audit_log" USING btree ("kind","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
