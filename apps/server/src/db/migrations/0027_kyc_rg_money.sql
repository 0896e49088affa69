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
ALTER TABLE "exclusions" ADD COLUMN "extended_by" varchar(64);--> statement-breakpoint
ALTER TABLE "exclusions" ADD COLUMN "extended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_images" ADD CONSTRAINT "kyc_images_submission_id_kyc_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_submissions_member" ON "kyc_submissions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_state" ON "kyc_submissions" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_one_waiting" ON "kyc_submissions" USING btree ("member_id") WHERE "kyc_submissions"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "auth_events_ip" ON "auth_events" USING btree ("ip","member_id") WHERE "auth_events"."ip" is not null;--> statement-breakpoint
CREATE INDEX "exclusions_ends" ON "exclusions" USING btree ("ends_at");