CREATE TABLE "chat_model_follows" (
	"member_id" bigint NOT NULL,
	"model_id" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_model_follows_member_id_model_id_pk" PRIMARY KEY("member_id","model_id")
);
--> statement-breakpoint
ALTER TABLE "chat_model_follows" ADD CONSTRAINT "chat_model_follows_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;