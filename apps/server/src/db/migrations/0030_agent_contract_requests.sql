ALTER TABLE "agent_contract_requests" ADD COLUMN "period_hour" smallint DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_contract_requests" ADD COLUMN "turnover_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_contract_requests" ADD COLUMN "deposits_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_contract_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_contract_requests" ADD COLUMN "decided_by_name" varchar(64);--> statement-breakpoint
ALTER TABLE "agent_contract_requests" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "agent_contract_requests" ADD COLUMN "transaction_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_requests_period" ON "agent_contract_requests" USING btree ("member_id","kind","period_start","period_hour");--> statement-breakpoint
CREATE INDEX "agent_contract_requests_status" ON "agent_contract_requests" USING btree ("status","id");