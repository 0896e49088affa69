ALTER TABLE "withdrawals" ADD COLUMN "payout_provider" varchar(32);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_ref" varchar(64);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_state" varchar(12);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_reason" varchar(256);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_next_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "withdrawals_payout_due" ON "withdrawals" USING btree ("payout_next_at") WHERE "withdrawals"."status" = 'processing';