CREATE TABLE "member_head_icons" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"drawn_id" smallint,
	"key" varchar(32),
	"data" "bytea",
	"size" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_head_icons_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "member_head_icons" ADD CONSTRAINT "member_head_icons_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;