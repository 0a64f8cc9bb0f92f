import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The columns every single-use link's table has (password reset, email confirmation). */
interface TokenColumns {
  tokenHash: AnyPgColumn;
  usedAt: AnyPgColumn;
  expiresAt: AnyPgColumn;
}

/** The token with this hash, while it is unused and unexpired: the one test that a link still works. */
export const usableToken = (t: TokenColumns, tokenHash: string, at: Date) =>
  and(eq(t.tokenHash, tokenHash), isNull(t.usedAt), gt(t.expiresAt, at));

/** Retention: tokens used or expired before `before`. */
export const staleTokens = (t: TokenColumns, before: Date) =>
  or(lt(t.expiresAt, before), and(isNotNull(t.usedAt), lt(t.usedAt, before)));
