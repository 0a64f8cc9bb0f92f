import { sql, type SQL } from 'drizzle-orm';
import { carerProfiles as c } from '../../db/schema';

/**
 * The "best match" score of a carer, 0-100, in SQL so it is computed where the data is
 * (docs/decisions/0003-carer-search-ranking.md):
 *   50 × Bayesian-averaged rating / 5: (C·m + Σ ratings) / (C + n) with m = 4.0, C = 5, so one
 *        5-star review (4.17) does not beat forty at 4.8 (4.72);
 *   20 if verified;
 *   15 × profile completeness (photo, 3+ qualifications, a 200+ character description,
 *        2+ availability options);
 *   15 × recency: 1 when active in the last 7 days, falling to 0 at 90 days. Counted in whole
 *        (UTC) days, so a score changes at most once a day and the hourly refresh rewrites only
 *        the rows whose day count moved.
 */
export const RANKING = { priorMean: 4.0, priorWeight: 5 } as const;

const priorWeight = sql.raw(RANKING.priorWeight.toFixed(1));
const priorMean = sql.raw(RANKING.priorMean.toFixed(1));

export const rankScoreSql: SQL = sql`(
  50 * ((${priorWeight} * ${priorMean} + ${c.rating} * ${c.reviewCount})
        / (${priorWeight} + ${c.reviewCount})) / 5
  + case when ${c.isVerified} then 20 else 0 end
  + 15 * (
      (case when ${c.photoUrl} is not null then 1 else 0 end)
      + least(coalesce(cardinality(${c.qualifications}), 0), 3) / 3.0
      + least(char_length(${c.description}), 200) / 200.0
      + least(coalesce(cardinality(${c.availability}), 0), 2) / 2.0
    ) / 4
  + 15 * greatest(0, least(1, 1 - ((now() at time zone 'UTC')::date - (${c.lastActiveAt} at time zone 'UTC')::date - 7) / 83.0))
)::double precision`;
