// Distances as the product shows them: miles, one decimal place. The database measures metres
// (earthdistance, decision 0022).

export const METRES_PER_MILE = 1609.344;

/** 5,310 m → 3.3 (miles, one decimal place). */
export const milesFromMetres = (metres: number): number => Math.round((metres / METRES_PER_MILE) * 10) / 10;
