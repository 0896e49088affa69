CREATE TABLE "bonus_campaigns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(16) NOT NULL,
	"name_en" varchar(120) NOT NULL,
	"name_bn" varchar(120) NOT NULL,
	"terms_en" varchar(8000) NOT NULL,
	"terms_bn" varchar(8000) NOT NULL,
	"currency" varchar(3) DEFAULT 'BDT' NOT NULL,
	"percent_bp" integer,
	"amount_minor" bigint,
	"cap_minor" bigint,
	"min_deposit_minor" bigint,
	"wagering_multiplier" integer NOT NULL,
	"wagering_base" varchar(16) DEFAULT 'bonus' NOT NULL,
	"weights" jsonb NOT NULL,
	"max_stake_minor" bigint,
	"max_conversion_minor" bigint,
	"valid_hours" integer NOT NULL,
	"promo_code" varchar(24),
	"total_cap" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"audience" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_by" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_deposit_opt_ins" (
	"deposit_id" bigint PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"promo_code" varchar(24),
	"device_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_flags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(24) NOT NULL,
	"member_id" bigint NOT NULL,
	"campaign_id" bigint,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_person_claims" (
	"scope" varchar(16) NOT NULL,
	"person_key" varchar(160) NOT NULL,
	"member_id" bigint NOT NULL,
	"member_bonus_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_person_claims_scope_person_key_pk" PRIMARY KEY("scope","person_key")
);
--> statement-breakpoint
CREATE TABLE "member_bonuses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_bonuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"status" varchar(12) NOT NULL,
	"claim_key" varchar(64) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"deposit_minor" bigint,
	"deposit_id" bigint,
	"currency" varchar(3) NOT NULL,
	"terms" jsonb NOT NULL,
	"required_minor" bigint NOT NULL,
	"wagered_minor" bigint DEFAULT 0 NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"settled_minor" bigint,
	"reason" varchar(48),
	"origin" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "bonus_campaign_id" bigint;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "member_bonus_id" bigint;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "bonus_stake_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "bonus_win_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD COLUMN "bonus_amount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_deposit_opt_ins" ADD CONSTRAINT "bonus_deposit_opt_ins_campaign_id_bonus_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."bonus_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_bonuses" ADD CONSTRAINT "member_bonuses_campaign_id_bonus_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."bonus_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_campaigns_promo_code" ON "bonus_campaigns" USING btree ("promo_code") WHERE "bonus_campaigns"."promo_code" is not null;--> statement-breakpoint
CREATE INDEX "bonus_campaigns_kind" ON "bonus_campaigns" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "bonus_flags_created" ON "bonus_flags" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_bonuses_claim" ON "member_bonuses" USING btree ("campaign_id","member_id","claim_key");--> statement-breakpoint
CREATE UNIQUE INDEX "member_bonuses_one_active" ON "member_bonuses" USING btree ("member_id") WHERE "member_bonuses"."status" = 'active';--> statement-breakpoint
CREATE INDEX "member_bonuses_member" ON "member_bonuses" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_bonuses_status" ON "member_bonuses" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "game_rounds_member_bonus" ON "game_rounds" USING btree ("member_bonus_id","settled_at") WHERE "game_rounds"."member_bonus_id" is not null;