/** '£19.99' from integer pence. */
export const formatPence = (pence: number) => `£${(pence / 100).toFixed(2)}`;
