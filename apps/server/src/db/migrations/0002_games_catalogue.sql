CREATE TABLE "big_wins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "big_wins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_id" bigint NOT NULL,
	"member_id" bigint,
	"customer_name" varchar(64) NOT NULL,
	"win_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourite_games" (
	"member_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_games_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vendor_code" varchar(32) NOT NULL,
	"game_code" varchar(64) NOT NULL,
	"name_en" varchar(128) NOT NULL,
	"name_bn" varchar(128) NOT NULL,
	"game_type" varchar(16) NOT NULL,
	"classification" varchar(16),
	"room_id" varchar(32),
	"supports_free_play" boolean DEFAULT true NOT NULL,
	"is_h5" boolean DEFAULT true NOT NULL,
	"play_type" varchar(16),
	"lotto_mode" varchar(16),
	"min_bet_minor" bigint DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"hot_rank" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"icon_seed" integer DEFAULT 0 NOT NULL,
	"theme" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_games" (
	"member_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_games_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"code" varchar(32) PRIMARY KEY NOT NULL,
	"name_en" varchar(64) NOT NULL,
	"name_bn" varchar(64) NOT NULL,
	"category" varchar(16) NOT NULL,
	"game_type" varchar(16) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"icon_seed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "big_wins" ADD CONSTRAINT "big_wins_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "big_wins" ADD CONSTRAINT "big_wins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_games" ADD CONSTRAINT "favourite_games_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_games" ADD CONSTRAINT "favourite_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_vendor_code_vendors_code_fk" FOREIGN KEY ("vendor_code") REFERENCES "public"."vendors"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "big_wins_time" ON "big_wins" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "favourite_games_member_time" ON "favourite_games" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "games_vendor_code" ON "games" USING btree ("vendor_code","game_code");--> statement-breakpoint
CREATE INDEX "games_vendor_order" ON "games" USING btree ("vendor_code","sort_order");--> statement-breakpoint
CREATE INDEX "recent_games_member_time" ON "recent_games" USING btree ("member_id","played_at");