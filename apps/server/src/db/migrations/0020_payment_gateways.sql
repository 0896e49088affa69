-- Payment gateways chosen per channel (payment_channels.provider), our own reference on each deposit,
-- the reconciliation pass's next check, the operator's payment findings and secrets shared by every process.
CREATE TABLE "shared_secrets" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" varchar(256) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_findings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_findings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" varchar(24) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"ref" varchar(64),
	"our_ref" varchar(32),
	"deposit_id" bigint,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "our_ref" varchar(32);--> statement-breakpoint
-- Hand-written: deposits made before gateways were chosen per channel were all the sandbox's, whose
-- reference (SBX + 20 hex digits, unique) becomes their own reference too.
UPDATE "deposits" SET "our_ref" = "provider_ref";--> statement-breakpoint
ALTER TABLE "deposits" ALTER COLUMN "our_ref" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN "provider" varchar(24) DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_findings" ADD CONSTRAINT "payment_findings_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_findings_created" ON "payment_findings" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_our_ref" ON "deposits" USING btree ("our_ref");