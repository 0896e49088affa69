CREATE TABLE "report_active_days" (
	"day" date NOT NULL,
	"member_id" bigint NOT NULL,
	CONSTRAINT "report_active_days_day_member_id_pk" PRIMARY KEY("day","member_id")
);
--> statement-breakpoint
CREATE TABLE "report_active_hours" (
	"hour" timestamp with time zone NOT NULL,
	"member_id" bigint NOT NULL,
	CONSTRAINT "report_active_hours_hour_member_id_pk" PRIMARY KEY("hour","member_id")
);
--> statement-breakpoint
CREATE TABLE "report_cashflow_days" (
	"day" date NOT NULL,
	"direction" varchar(10) NOT NULL,
	"channel" varchar(16) NOT NULL,
	"state" varchar(12) NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_cashflow_days_day_direction_channel_state_pk" PRIMARY KEY("day","direction","channel","state")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"day" date PRIMARY KEY NOT NULL,
	"registrations" bigint DEFAULT 0 NOT NULL,
	"first_depositors" bigint DEFAULT 0 NOT NULL,
	"first_deposit_minor" bigint DEFAULT 0 NOT NULL,
	"bonuses_minor" bigint DEFAULT 0 NOT NULL,
	"active_players" bigint DEFAULT 0 NOT NULL,
	"reg_first_depositors" bigint DEFAULT 0 NOT NULL,
	"reg_first_deposit_minor" bigint DEFAULT 0 NOT NULL,
	"reg_same_day" bigint DEFAULT 0 NOT NULL,
	"reg_within_7_days" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_first_deposits" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"deposit_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"deposited_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"registered_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_game_days" (
	"day" date NOT NULL,
	"vendor" varchar(32) NOT NULL,
	"category" varchar(16) NOT NULL,
	"bets_minor" bigint DEFAULT 0 NOT NULL,
	"wins_minor" bigint DEFAULT 0 NOT NULL,
	"bet_count" bigint DEFAULT 0 NOT NULL,
	"rounds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_game_days_day_vendor_category_pk" PRIMARY KEY("day","vendor","category")
);
--> statement-breakpoint
CREATE TABLE "report_game_hours" (
	"hour" timestamp with time zone NOT NULL,
	"vendor" varchar(32) NOT NULL,
	"category" varchar(16) NOT NULL,
	"bets_minor" bigint DEFAULT 0 NOT NULL,
	"wins_minor" bigint DEFAULT 0 NOT NULL,
	"bet_count" bigint DEFAULT 0 NOT NULL,
	"rounds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_game_hours_hour_vendor_category_pk" PRIMARY KEY("hour","vendor","category")
);
--> statement-breakpoint
CREATE TABLE "report_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"active_players" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_member_last_active" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"last_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_payment_watch" (
	"direction" varchar(10) NOT NULL,
	"payment_id" bigint NOT NULL,
	"day" date NOT NULL,
	"channel" varchar(16) NOT NULL,
	"state" varchar(12) NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "report_payment_watch_direction_payment_id_pk" PRIMARY KEY("direction","payment_id")
);
--> statement-breakpoint
CREATE TABLE "report_watermarks" (
	"source" varchar(32) PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_first_deposits_registered" ON "report_first_deposits" USING btree ("registered_day");--> statement-breakpoint
CREATE INDEX "report_member_last_active_day" ON "report_member_last_active" USING btree ("last_day");