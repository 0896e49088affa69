ALTER TABLE "game_rounds" DROP CONSTRAINT "game_rounds_member_id_members_id_fk";
--> statement-breakpoint
ALTER TABLE "game_rounds" DROP CONSTRAINT "game_rounds_game_id_games_id_fk";
--> statement-breakpoint
ALTER TABLE "game_rounds" DROP CONSTRAINT "game_rounds_session_id_game_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "game_transactions" DROP CONSTRAINT "game_transactions_member_id_members_id_fk";
--> statement-breakpoint
DROP INDEX "game_transactions_member_time";