CREATE TABLE "report_registrations" (
	"day" date NOT NULL,
	"member_id" bigint NOT NULL,
	CONSTRAINT "report_registrations_day_member_id_pk" PRIMARY KEY("day","member_id")
);
--> statement-breakpoint
-- Hand-written (bo20): the members the rollup has already taken in (its `members` watermark) are
-- listed under their registration day; later ones are added by the rollup pass itself.
INSERT INTO "report_registrations" ("day", "member_id")
SELECT (m."created_at" AT TIME ZONE 'Asia/Dhaka')::date, m."id"
FROM "members" m
WHERE m."type" NOT IN (4, 40)
  AND m."id" <= COALESCE((SELECT "last_id" FROM "report_watermarks" WHERE "source" = 'members'), 0)
ON CONFLICT DO NOTHING;
