// The product's name and tagline (product §1), apart from the prices: the header, footer and
// page titles on every page import them, and the entry chunk stays small.
export const PRODUCT_NAME = 'CareMatch';
export const TAGLINE = 'Professional Care Services';
