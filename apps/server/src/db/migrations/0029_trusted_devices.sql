CREATE TABLE "trusted_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" bigint NOT NULL,
	"device_id" varchar(80) NOT NULL,
	"network" varchar(48),
	"user_agent" varchar(256),
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "trusted_devices" ADD CONSTRAINT "trusted_devices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_devices_member_device" ON "trusted_devices" USING btree ("member_id","device_id");--> statement-breakpoint
CREATE INDEX "trusted_devices_member_network" ON "trusted_devices" USING btree ("member_id","network") WHERE "trusted_devices"."removed_at" is null;