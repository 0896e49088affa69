CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" varchar(12) NOT NULL,
	"operator_id" bigint,
	"actor_name" varchar(40) NOT NULL,
	"ip" varchar(64),
	"request_id" varchar(64),
	"action" varchar(64) NOT NULL,
	"target_type" varchar(32) NOT NULL,
	"target_id" varchar(128) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text
);
--> statement-breakpoint
CREATE INDEX "audit_events_at" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_target" ON "audit_events" USING btree ("target_type","target_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_operator" ON "audit_events" USING btree ("operator_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_action" ON "audit_events" USING btree ("action","id");--> statement-breakpoint
-- audit_events_append_only(): the trigger behind the audit trail's promise that a row, once
-- written, stays as written. Any UPDATE or DELETE on audit_events raises, whoever runs it; only
-- TRUNCATE (a database owner's deliberate act, outside the application) can remove rows.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
