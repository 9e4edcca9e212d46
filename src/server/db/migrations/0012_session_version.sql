-- Sessions that end when they should (docs/decisions/009): every access token
-- carries its user's `session_version`, which logout, a password reset or change, an e-mail change
-- and a role change add one to; `replaced_by` links a rotated refresh token to its successor, so a
-- second tab replaying it within seconds gets that successor instead of a revocation.
ALTER TABLE "refresh_tokens" ADD COLUMN "replaced_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;