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
