CREATE TABLE "deposit_limits" (
	"member_id" bigint NOT NULL,
	"period" varchar(8) NOT NULL,
	"amount_minor" bigint,
	"pending_amount_minor" bigint,
	"pending_from" timestamp with time zone,
	"pending_removal" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"channel_code" varchar(16) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"provider" varchar(24) NOT NULL,
	"provider_ref" varchar(64) NOT NULL,
	"idempotency_key" varchar(128) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"ledger_transaction_id" bigint,
	"failure_reason" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exclusions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exclusions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"sender" varchar(16) NOT NULL,
	"topic" varchar(48) NOT NULL,
	"title" varchar(128),
	"body" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" bigint,
	"kind" varchar(24) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"may_go_negative" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_kind" UNIQUE NULLS NOT DISTINCT("kind","owner_id","currency"),
	CONSTRAINT "ledger_accounts_not_negative" CHECK ("ledger_accounts"."may_go_negative" or "ledger_accounts"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(32) NOT NULL,
	"source" varchar(48) NOT NULL,
	"idempotency_key" varchar(160) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"member_id" bigint,
	"reference" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payee_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payee_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"channel_code" varchar(16) NOT NULL,
	"account_name" varchar(64) NOT NULL,
	"account_number" varchar(34) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_channels" (
	"code" varchar(16) PRIMARY KEY NOT NULL,
	"name_en" varchar(64) NOT NULL,
	"name_bn" varchar(64) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"deposit_enabled" boolean DEFAULT true NOT NULL,
	"deposit_min_minor" bigint NOT NULL,
	"deposit_max_minor" bigint NOT NULL,
	"presets_minor" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"withdraw_enabled" boolean DEFAULT true NOT NULL,
	"withdraw_min_minor" bigint NOT NULL,
	"withdraw_max_minor" bigint NOT NULL,
	"account_pattern" varchar(128) NOT NULL,
	"sort_order" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_settings" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"reality_check_minutes" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"payee_account_id" bigint NOT NULL,
	"channel_code" varchar(16) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"idempotency_key" varchar(128) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"hold_transaction_id" bigint,
	"settle_transaction_id" bigint,
	"decided_by" varchar(64),
	"decision_note" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deposit_limits" ADD CONSTRAINT "deposit_limits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_channel_code_payment_channels_code_fk" FOREIGN KEY ("channel_code") REFERENCES "public"."payment_channels"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusions" ADD CONSTRAINT "exclusions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_accounts" ADD CONSTRAINT "payee_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_accounts" ADD CONSTRAINT "payee_accounts_channel_code_payment_channels_code_fk" FOREIGN KEY ("channel_code") REFERENCES "public"."payment_channels"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_settings" ADD CONSTRAINT "protection_settings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payee_account_id_payee_accounts_id_fk" FOREIGN KEY ("payee_account_id") REFERENCES "public"."payee_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_channel_code_payment_channels_code_fk" FOREIGN KEY ("channel_code") REFERENCES "public"."payment_channels"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_hold_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("hold_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_settle_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("settle_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_limits_member_period" ON "deposit_limits" USING btree ("member_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_provider_ref" ON "deposits" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_member_key" ON "deposits" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "deposits_member" ON "deposits" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "deposits_status" ON "deposits" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "exclusions_member" ON "exclusions" USING btree ("member_id","ends_at");--> statement-breakpoint
CREATE INDEX "inbox_messages_member" ON "inbox_messages" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "inbox_messages_unread" ON "inbox_messages" USING btree ("member_id") WHERE "inbox_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "ledger_accounts_owner" ON "ledger_accounts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_source_key" ON "ledger_transactions" USING btree ("source","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_member" ON "ledger_transactions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "payee_accounts_member" ON "payee_accounts" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_member_key" ON "withdrawals" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawals_member" ON "withdrawals" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status" ON "withdrawals" USING btree ("status","id");--> statement-breakpoint
-- Balances held before the ledger become opening movements, so every stored balance equals the
-- sum of its entries from the first day.
INSERT INTO "ledger_accounts" ("owner_id", "kind", "currency", "may_go_negative")
  SELECT DISTINCT NULL::bigint, CASE WHEN "play_money" THEN 'play_issuer' ELSE 'opening' END, "currency", true
  FROM "wallets" WHERE "balance_minor" <> 0;--> statement-breakpoint
INSERT INTO "ledger_accounts" ("owner_id", "kind", "currency")
  SELECT "member_id", CASE WHEN "play_money" THEN 'play' ELSE 'cash' END, "currency" FROM "wallets";--> statement-breakpoint
INSERT INTO "ledger_transactions" ("kind", "source", "idempotency_key", "fingerprint", "member_id")
  SELECT 'opening', 'migration', 'opening:' || "member_id", repeat('0', 64), "member_id"
  FROM "wallets" WHERE "balance_minor" <> 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("transaction_id", "account_id", "amount_minor", "balance_after_minor")
  SELECT t."id", a."id", w."balance_minor", w."balance_minor"
  FROM "wallets" w
  JOIN "ledger_transactions" t ON t."source" = 'migration' AND t."idempotency_key" = 'opening:' || w."member_id"
  JOIN "ledger_accounts" a ON a."owner_id" = w."member_id" AND a."kind" IN ('cash', 'play')
  UNION ALL
  SELECT t."id", h."id", -w."balance_minor",
    -sum(w."balance_minor") OVER (PARTITION BY h."id" ORDER BY w."member_id")
  FROM "wallets" w
  JOIN "ledger_transactions" t ON t."source" = 'migration' AND t."idempotency_key" = 'opening:' || w."member_id"
  JOIN "ledger_accounts" h ON h."owner_id" IS NULL AND h."currency" = w."currency"
    AND h."kind" = CASE WHEN w."play_money" THEN 'play_issuer' ELSE 'opening' END;--> statement-breakpoint
UPDATE "ledger_accounts" a SET "balance_minor" = s."total"
  FROM (SELECT "account_id", sum("amount_minor") AS "total" FROM "ledger_entries" GROUP BY "account_id") s
  WHERE a."id" = s."account_id";--> statement-breakpoint
ALTER TABLE "wallets" DROP COLUMN "balance_minor";