CREATE TABLE "member_logins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_logins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"kind" varchar(12) NOT NULL,
	"ip" varchar(45),
	"user_agent" varchar(256),
	"device_id" varchar(80),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_images" (
	"submission_id" bigint NOT NULL,
	"side" varchar(8) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "kyc_images_submission_id_side_pk" PRIMARY KEY("submission_id","side")
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"state" varchar(12) DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" varchar(64),
	"reason" varchar(256)
);
--> statement-breakpoint
CREATE TABLE "operator_logins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_logins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_id" bigint,
	"username" varchar(64) NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"detail" varchar(16),
	"ip" varchar(64),
	"user_agent" varchar(256)
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_id" bigint NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"csrf_token" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" varchar(16),
	"ip" varchar(64),
	"user_agent" varchar(256)
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" varchar(32) NOT NULL,
	"role" varchar(16) NOT NULL,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT true NOT NULL,
	"totp_secret" varchar(64) NOT NULL,
	"totp_last_step" bigint,
	"locked" boolean DEFAULT false NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_out_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"text" text NOT NULL,
	"operator_id" bigint,
	"author_name" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_tags" (
	"member_id" bigint NOT NULL,
	"tag" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_tags_member_id_tag_pk" PRIMARY KEY("member_id","tag")
);
--> statement-breakpoint
CREATE TABLE "adjustments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" varchar(128) NOT NULL,
	"member_id" bigint NOT NULL,
	"username" varchar(64) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"reason" text NOT NULL,
	"state" varchar(12) NOT NULL,
	"requested_by_kind" varchar(12) NOT NULL,
	"requested_by_operator_id" bigint,
	"requested_by_name" varchar(40) NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_operator_id" bigint,
	"decided_by_name" varchar(40),
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"transaction_id" bigint,
	"balance_after_minor" bigint
);
--> statement-breakpoint
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
ALTER TABLE "exclusions" ADD COLUMN "extended_by" varchar(64);--> statement-breakpoint
ALTER TABLE "exclusions" ADD COLUMN "extended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_images" ADD CONSTRAINT "kyc_images_submission_id_kyc_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_logins_member" ON "member_logins" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_logins_ip" ON "member_logins" USING btree ("ip" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "member_logins_device" ON "member_logins" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_member" ON "kyc_submissions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_state" ON "kyc_submissions" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_one_waiting" ON "kyc_submissions" USING btree ("member_id") WHERE "kyc_submissions"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "operator_logins_operator" ON "operator_logins" USING btree ("operator_id","id");--> statement-breakpoint
CREATE INDEX "operator_logins_at" ON "operator_logins" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sessions_token_hash" ON "operator_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator" ON "operator_sessions" USING btree ("operator_id","ended_at");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_username" ON "operators" USING btree ("username");--> statement-breakpoint
CREATE INDEX "member_notes_member" ON "member_notes" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_tags_tag" ON "member_tags" USING btree ("tag");--> statement-breakpoint
CREATE UNIQUE INDEX "adjustments_key" ON "adjustments" USING btree ("key");--> statement-breakpoint
CREATE INDEX "adjustments_state" ON "adjustments" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "adjustments_member" ON "adjustments" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "report_first_deposits_registered" ON "report_first_deposits" USING btree ("registered_day");--> statement-breakpoint
CREATE INDEX "report_member_last_active_day" ON "report_member_last_active" USING btree ("last_day");--> statement-breakpoint
CREATE INDEX "auth_events_ip" ON "auth_events" USING btree ("ip","member_id") WHERE "auth_events"."ip" is not null;--> statement-breakpoint
CREATE INDEX "members_username_prefix" ON "members" USING btree ("username" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_email_prefix" ON "members" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_mobile_prefix" ON "members" USING btree ("mobile_num" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "exclusions_ends" ON "exclusions" USING btree ("ends_at");--> statement-breakpoint
-- Logins and registrations recorded before member_logins existed, from the auth trail; their
-- device is the user agent's hash, as the server derives it when the client sends no device id.
INSERT INTO "member_logins" ("member_id", "kind", "ip", "user_agent", "device_id", "created_at")
SELECT "member_id", "event", "ip", "user_agent",
       CASE WHEN "user_agent" IS NULL THEN NULL
            ELSE 'ua:' || left(encode(sha256(convert_to("user_agent", 'UTF8')), 'hex'), 32) END,
       "created_at"
FROM "auth_events"
WHERE "member_id" IS NOT NULL AND "outcome" = 'ok' AND "event" IN ('login', 'register')
ORDER BY "id";
