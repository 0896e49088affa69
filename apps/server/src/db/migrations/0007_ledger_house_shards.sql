ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_kind";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_kind_shard" UNIQUE NULLS NOT DISTINCT("kind","owner_id","currency","shard");