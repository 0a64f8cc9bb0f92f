import { PRODUCT_NAME } from '@contracts/pricing';

/** For an account with no first name (possible with OpenID Connect). */
const UNNAMED_MEMBER = `${PRODUCT_NAME} member`;

/** 'Priya S.' — first name and last initial, all another member ever sees of a name. */
export function shortName(first: string | null, last: string | null): string {
  const given = first?.trim();
  const initial = last?.trim().charAt(0).toUpperCase();
  if (!given) return initial ? `${UNNAMED_MEMBER} ${initial}.` : UNNAMED_MEMBER;
  return initial ? `${given} ${initial}.` : given;
}
