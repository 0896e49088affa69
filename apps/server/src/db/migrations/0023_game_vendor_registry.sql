-- The game vendor registry (issue 19): game_providers becomes game_vendors, with the wallet protocol each vendor speaks, enabled (was active) and updated_at; catalogue vendors say which registry vendor serves them (served_by). Renames, not a new table: game_sessions keep their vendor code.
ALTER TABLE "game_providers" RENAME TO "game_vendors";--> statement-breakpoint
ALTER TABLE "game_vendors" RENAME CONSTRAINT "game_providers_pkey" TO "game_vendors_pkey";--> statement-breakpoint
ALTER TABLE "game_sessions" RENAME CONSTRAINT "game_sessions_provider_code_game_providers_code_fk" TO "game_sessions_provider_code_game_vendors_code_fk";--> statement-breakpoint
ALTER TABLE "game_vendors" RENAME COLUMN "active" TO "enabled";--> statement-breakpoint
ALTER TABLE "game_vendors" ADD COLUMN "wallet_protocol" varchar(32) DEFAULT 'seamless-v1' NOT NULL;--> statement-breakpoint
ALTER TABLE "game_vendors" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "game_vendors" ALTER COLUMN "launch_url" SET DATA TYPE varchar(512);--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "served_by" varchar(16);
--> statement-breakpoint
-- The demo vendor's round journal moved out with the demo vendor (apps/partners keeps its own database).
DROP TABLE "demo_vendor_rounds" CASCADE;
