-- A DBS check is a fact from an approved verification, never something a carer ticks: the
-- self-declared 'DBS Checked' qualification is removed from every profile
-- (docs/decisions/0026-listed-once-checked.md). The rank's completeness part counts
-- qualifications, so the same statement recomputes rank_score with the formula of
-- src/server/features/carers/carer-ranking.ts, applied to the new list.
UPDATE "carer_profiles"
SET "qualifications" = array_remove("qualifications", 'DBS Checked'),
    "rank_score" = (
      50 * ((5.0 * 4.0 + "rating" * "review_count") / (5.0 + "review_count")) / 5
      + case when "is_verified" then 20 else 0 end
      + 15 * (
          (case when "photo_url" is not null then 1 else 0 end)
          + least(coalesce(cardinality(array_remove("qualifications", 'DBS Checked')), 0), 3) / 3.0
          + least(char_length("description"), 200) / 200.0
          + least(coalesce(cardinality("availability"), 0), 2) / 2.0
        ) / 4
      + 15 * greatest(0, least(1, 1 - ((now() at time zone 'UTC')::date - ("last_active_at" at time zone 'UTC')::date - 7) / 83.0))
    )::double precision
WHERE 'DBS Checked' = ANY("qualifications");
