// Distances as the product shows them: whole miles, between postcode districts' centres
// (decision 0032). The database measures metres (earthdistance, decision 0022).

export const METRES_PER_MILE = 1609.344;

/** 5,310 m → 3 (the nearest whole mile; 0 is "under 1 mile"). */
export const milesFromMetres = (metres: number): number => Math.round(metres / METRES_PER_MILE);

/** earthdistance's earth() radius in metres (decision 0022). */
export const EARTH_RADIUS_M = 6378168;

const RADIANS_PER_DEGREE = Math.PI / 180;

/**
 * ll_to_earth's point: x = R·cos φ·cos λ, y = R·cos φ·sin λ, z = R·sin φ, the same operations in
 * the same order as PostgreSQL's (radians() multiplies by π/180), so the same values.
 */
export function earthPoint(latitude: number, longitude: number): [number, number, number] {
  const φ = latitude * RADIANS_PER_DEGREE;
  const λ = longitude * RADIANS_PER_DEGREE;
  return [
    EARTH_RADIUS_M * Math.cos(φ) * Math.cos(λ),
    EARTH_RADIUS_M * Math.cos(φ) * Math.sin(λ),
    EARTH_RADIUS_M * Math.sin(φ),
  ];
}

/** earthdistance's sec_to_gc: a straight line through the earth to the distance along the ground. */
export const secToGc = (chord: number): number =>
  chord < 0
    ? 0
    : chord / (2 * EARTH_RADIUS_M) > 1
      ? Math.PI * EARTH_RADIUS_M
      : 2 * EARTH_RADIUS_M * Math.asin(chord / (2 * EARTH_RADIUS_M));

/** The straight line through the earth for a distance along the ground (the inverse of secToGc). */
export const chordOf = (metres: number): number =>
  2 * EARTH_RADIUS_M * Math.sin(Math.min(metres, Math.PI * EARTH_RADIUS_M) / (2 * EARTH_RADIUS_M));
