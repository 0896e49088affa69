-- The sandbox gateway's notice secret, the only row this table held, now comes from
-- PAYMENT_SANDBOX_SECRET, shared with the partners app (a database row cannot reach it).
DROP TABLE "shared_secrets" CASCADE;
