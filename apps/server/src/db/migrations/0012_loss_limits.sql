DROP INDEX "deposit_limits_member_period";--> statement-breakpoint
ALTER TABLE "deposit_limits" ADD COLUMN "kind" varchar(8) DEFAULT 'deposit' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_limits_member_kind_period" ON "deposit_limits" USING btree ("member_id","kind","period");