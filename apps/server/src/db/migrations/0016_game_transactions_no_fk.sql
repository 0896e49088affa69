-- game_transactions keeps its round and ledger ids without foreign keys: game_wallet_post writes
-- the rows they name in the same statement, and each key re-read them on every call (see the
-- schema's note and docs/decisions.md).
ALTER TABLE "game_transactions" DROP CONSTRAINT "game_transactions_round_id_game_rounds_id_fk";
--> statement-breakpoint
ALTER TABLE "game_transactions" DROP CONSTRAINT "game_transactions_ledger_transaction_id_ledger_transactions_id_fk";
