CREATE TABLE "lottery_draws" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_id" bigint NOT NULL,
	"draw_no" bigint NOT NULL,
	"format" varchar(16) NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"draws_at" timestamp with time zone NOT NULL,
	"server_seed_hash" varchar(64) NOT NULL,
	"server_seed" varchar(64) NOT NULL,
	"result" jsonb,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lottery_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"account_kind" varchar(8) NOT NULL,
	"token" varchar(64) NOT NULL,
	"renew_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_tickets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"draw_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"round_ref" varchar(96) NOT NULL,
	"picks" jsonb NOT NULL,
	"bet_kind" varchar(10) NOT NULL,
	"account_kind" varchar(8) NOT NULL,
	"stake_minor" bigint NOT NULL,
	"win_minor" bigint DEFAULT 0 NOT NULL,
	"status" varchar(6) DEFAULT 'open' NOT NULL,
	"hits" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_sessions" ADD CONSTRAINT "lottery_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_sessions" ADD CONSTRAINT "lottery_sessions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_session_id_lottery_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."lottery_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_slot" ON "lottery_draws" USING btree ("game_id","draw_no");--> statement-breakpoint
CREATE INDEX "lottery_draws_pending" ON "lottery_draws" USING btree ("status","draws_at") WHERE "lottery_draws"."status" <> 'settled';--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_sessions_owner" ON "lottery_sessions" USING btree ("member_id","game_id","account_kind");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_tickets_round" ON "lottery_tickets" USING btree ("round_ref");--> statement-breakpoint
CREATE INDEX "lottery_tickets_draw_open" ON "lottery_tickets" USING btree ("draw_id") WHERE "lottery_tickets"."status" = 'open';--> statement-breakpoint
CREATE INDEX "lottery_tickets_member" ON "lottery_tickets" USING btree ("member_id","created_at");