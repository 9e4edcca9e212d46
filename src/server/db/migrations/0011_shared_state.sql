-- State every server of one database shares (docs/decisions/008): `app_secrets` keeps
-- what is generated once (the JWT signing key when JWT_SECRET is unset: every server reads the
-- same row); `rate_limits` keeps attempt counters with their windows (shared and surviving
-- restarts); `data_changes` is one counter bumped at the commit of every transaction that writes
-- what the response caches hold (experiments and their rows, documents, reference data, users),
-- so a server compares one number to know whether its cached answers are still true.
-- The bump is a deferred constraint trigger: it runs at commit, so the row lock that serialises
-- the bumps is held for the commit only, and only the first row of a transaction updates it.
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_changes" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"last_xact" bigint NOT NULL,
	CONSTRAINT "data_changes_one_row" CHECK ("data_changes"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_end" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_window_end_idx" ON "rate_limits" USING btree ("window_end");

--> statement-breakpoint
INSERT INTO "data_changes" ("id", "version", "last_xact") VALUES (1, 0, 0);
--> statement-breakpoint
CREATE FUNCTION data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_changes SET version = version + 1, last_xact = txid_current() WHERE id = 1 AND last_xact <> txid_current();
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['experiments', 'treatments', 'applied_products', 'additional_analyses', 'documents',
                           'marcas', 'produtos', 'regionais', 'estados', 'culturas', 'users'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED '
                   'FOR EACH ROW EXECUTE FUNCTION data_changed()', t || '_data_changed', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION data_changed()',
                   t || '_data_truncated', t);
  END LOOP;
END $$;
