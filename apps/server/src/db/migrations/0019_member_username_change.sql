-- A member's one change of username (PUT /wps/member/username): when it was used, and the Idempotency-Key that made it.
ALTER TABLE "members" ADD COLUMN "username_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "username_change_key" varchar(128);