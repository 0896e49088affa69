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
CREATE INDEX "member_logins_member" ON "member_logins" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_logins_ip" ON "member_logins" USING btree ("ip" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "member_logins_device" ON "member_logins" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "member_notes_member" ON "member_notes" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_tags_tag" ON "member_tags" USING btree ("tag");--> statement-breakpoint
CREATE UNIQUE INDEX "adjustments_key" ON "adjustments" USING btree ("key");--> statement-breakpoint
CREATE INDEX "adjustments_state" ON "adjustments" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "adjustments_member" ON "adjustments" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "members_username_prefix" ON "members" USING btree ("username" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_email_prefix" ON "members" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_mobile_prefix" ON "members" USING btree ("mobile_num" text_pattern_ops);--> statement-breakpoint
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
