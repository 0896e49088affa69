-- hand-written: the first start used to seed two download links that led nowhere: an Android
-- package at /m/download/khela.apk (never served: 404) and an "iOS" link back to /m/download
-- itself. Drop exactly those two seeded entries; anything else the operator set stays.
UPDATE "settings"
SET "value" = (
  SELECT coalesce(jsonb_agg(link), '[]'::jsonb)
  FROM jsonb_array_elements("value") AS link
  WHERE NOT (
    (link->>'resourceType' = 'Android' AND link->>'url' = '/m/download/khela.apk')
    OR (link->>'resourceType' = 'IOS' AND link->>'url' = '/m/download')
  )
), "updated_at" = now()
WHERE "name" = 'downloads' AND jsonb_typeof("value") = 'array';
