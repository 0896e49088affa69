CREATE TABLE "demo_vendor_rounds" (
	"round_id" varchar(96) PRIMARY KEY NOT NULL,
	"token" varchar(128) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"bet_tx_id" varchar(96) NOT NULL,
	"win_tx_id" varchar(96) NOT NULL,
	"stake_minor" bigint NOT NULL,
	"win_minor" bigint NOT NULL,
	"state" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "demo_vendor_rounds_unfinished" ON "demo_vendor_rounds" USING btree ("updated_at") WHERE "demo_vendor_rounds"."state" in ('decided', 'bet_taken');