-- Heavy reads at once per user (the dashboard's CSV export, the joint analysis; docs/decisions/008):
-- one row per slot a user holds, shared by every server of the database. A slot is taken by an
-- upsert that overwrites only an expired row, renewed while its request runs and deleted when the
-- response ends; a server killed mid-request leaves a row that frees itself when it expires.
CREATE TABLE "heavy_read_leases" (
	"user_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"lease_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "heavy_read_leases_user_id_slot_pk" PRIMARY KEY("user_id","slot")
);
--> statement-breakpoint
ALTER TABLE "heavy_read_leases" ADD CONSTRAINT "heavy_read_leases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
