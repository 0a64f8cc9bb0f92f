import { sql, type SQL } from 'drizzle-orm';

export interface DistrictCentre {
  district: string;
  latitude: number;
  longitude: number;
}

/**
 * The centres as a table for `update … from`, named `centre(district, latitude, longitude)`
 * (decision 0032: homes and care requests are moved to their district's centre in one statement).
 */
export const districtCentresTable = (centres: readonly DistrictCentre[]): SQL =>
  sql`(values ${sql.join(
    centres.map((at) => sql`(${at.district}::text, ${at.latitude}::float8, ${at.longitude}::float8)`),
    sql`, `,
  )}) as centre(district, latitude, longitude)`;
