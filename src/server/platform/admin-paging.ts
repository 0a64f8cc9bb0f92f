import type { FastifyReply, FastifyRequest } from 'fastify';
import { count, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ADMIN_LIST_HEADERS, ADMIN_LIST_MESSAGES, type AdminListQuery } from '@contracts/admin';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { AppError } from './errors';

/**
 * Keyset paging of the admin lists (decision 0008): rows in a stable order of (timestamp, id),
 * a page after the last row of the one before. The cursor carries that row's timestamp as the
 * database wrote it (microseconds: a JavaScript Date's milliseconds would skip or repeat rows).
 */
export interface AdminKeyset {
  at: string;
  id: string;
  /** A sorted table's sort ('name.asc'): the cursor holds for that sort only. Absent: newest first. */
  sort?: string;
}

export interface AdminPage<T> {
  rows: T[];
  total: number;
  next: AdminKeyset | null;
}

// The cursor comes back from the browser: input like any other, checked before it reaches SQL.
const Timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/);
const Keyset = z.tuple([Timestamp, z.guid()]);
const SortedKeyset = z.tuple([z.string().max(400), z.guid(), z.string().max(40)]);

export function encodeAdminCursor(keyset: AdminKeyset): string {
  const tuple = keyset.sort ? [keyset.at, keyset.id, keyset.sort] : [keyset.at, keyset.id];
  return Buffer.from(JSON.stringify(tuple)).toString('base64url');
}

const invalidCursor = () =>
  AppError.badRequest(ADMIN_LIST_MESSAGES.cursorInvalid, { cursor: ADMIN_LIST_MESSAGES.cursorInvalid });

function parseCursor(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
}

/** The keyset of a cursor; anything forged or damaged is a 400 on `cursor`. */
export function decodeAdminCursor(cursor: string | undefined): AdminKeyset | null {
  if (!cursor) return null;
  const keys = Keyset.safeParse(parseCursor(cursor));
  if (!keys.success) throw invalidCursor();
  return { at: keys.data[0], id: keys.data[1] };
}

/**
 * A sorted table's cursor: without `sort`, the newest-first cursor above; otherwise one made
 * for this very sort (a cursor of another sort, or a time that is not one, is a 400 on `cursor`).
 */
export function decodeSortedCursor(
  cursor: string | undefined,
  sort: { token: string; time: boolean } | null,
): AdminKeyset | null {
  if (!sort) return decodeAdminCursor(cursor);
  if (!cursor) return null;
  const keys = SortedKeyset.safeParse(parseCursor(cursor));
  if (!keys.success || keys.data[2] !== sort.token) throw invalidCursor();
  if (sort.time && !Timestamp.safeParse(keys.data[0]).success) throw invalidCursor();
  return { at: keys.data[0], id: keys.data[1], sort: sort.token };
}

/** A sort of a keyset-paged table: a timestamp, or text compared by code point (the same on every database). */
export interface SortColumn {
  expression: SQL;
  time: boolean;
}

export const timeSort = (at: AnyPgColumn): SortColumn => ({ expression: sql`${at}`, time: true });
/** Any case, nothing missing: a null sorts as empty text. */
export const textSort = (expression: SQL): SortColumn => ({
  expression: sql`lower(coalesce(${expression}, '')) collate "C"`,
  time: false,
});

/** The sorted column's value as a cursor keeps it. */
export const sortValue = (column: SortColumn) =>
  column.time ? sql<string>`${column.expression}::text` : sql<string>`${column.expression}`;

/** The order of a sorted table: the column, then the id, both the same way. */
export const sortOrderBy = (column: SortColumn, id: AnyPgColumn, ascending: boolean): SQL[] =>
  ascending
    ? [sql`${column.expression} asc`, sql`${id} asc`]
    : [sql`${column.expression} desc`, sql`${id} desc`];

/** Rows after the keyset in a sorted table's order; undefined on the first page. */
export function afterSortedKeyset(
  column: SortColumn,
  id: AnyPgColumn,
  keyset: AdminKeyset | null,
  ascending: boolean,
): SQL | undefined {
  if (!keyset) return undefined;
  const value = column.time ? sql`${keyset.at}::timestamptz` : sql`${keyset.at}::text`;
  return ascending
    ? sql`(${column.expression}, ${id}) > (${value}, ${keyset.id}::uuid)`
    : sql`(${column.expression}, ${id}) < (${value}, ${keyset.id}::uuid)`;
}

/** `%…%` for LIKE, lower-cased, with LIKE's own wildcards taken literally (ESCAPE '\'). */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `lower(<expression>) LIKE '%q%'`, parameterised. */
export const matches = (expression: SQL, q: string): SQL =>
  sql`lower(${expression}) like ${containsPattern(q)} escape '\\'`;

/**
 * Rows after the keyset in the list's order (newest first, or oldest first with `ascending`);
 * undefined on the first page, which `and(…)` leaves out.
 */
export function afterKeyset(
  at: AnyPgColumn,
  id: AnyPgColumn,
  keyset: AdminKeyset | null,
  ascending = false,
): SQL | undefined {
  if (!keyset) return undefined;
  return ascending
    ? sql`(${at}, ${id}) > (${keyset.at}::timestamptz, ${keyset.id}::uuid)`
    : sql`(${at}, ${id}) < (${keyset.at}::timestamptz, ${keyset.id}::uuid)`;
}

/** The column's value as the cursor keeps it (full precision, with its offset). */
export const keysetText = (at: AnyPgColumn) => sql<string>`${at}::text`;

/** One page from `limit + 1` rows: the extra row says another page follows. */
function toPage<T>(rows: T[], limit: number, total: number, keysetOf: (row: T) => AdminKeyset): AdminPage<T> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, total, next: rows.length > limit && last ? keysetOf(last) : null };
}

/** A list's query as written once: its select, joins and filters, without keyset, order or limit. */
export interface MatchingQuery {
  as(alias: 'matching'): Subquery;
}

/**
 * A page's rows and how many rows the whole list has. The total is counted over `matching`, the
 * list's own query, so its joins and filters are written once: `select count(*) from (…)`, which
 * PostgreSQL flattens into the plain count (columns not counted are never computed, and a left
 * join to a unique key that nothing uses is dropped).
 */
export async function withTotal<T>(
  db: Executor,
  rows: PromiseLike<T[]>,
  matching: MatchingQuery,
): Promise<{ rows: T[]; total: number }> {
  const [page, [counted]] = await Promise.all([
    rows,
    db.select({ total: count() }).from(matching.as('matching')),
  ]);
  return { rows: page, total: counted?.total ?? 0 };
}

/**
 * One page of a keyset-paged admin list: `rows` is `matching` after the keyset, in the list's
 * order, `limit + 1` rows; the total counts every row of `matching`.
 */
export async function readAdminPage<T>(
  db: Executor,
  list: {
    rows: PromiseLike<T[]>;
    matching: MatchingQuery;
    limit: number;
    keysetOf: (row: T) => AdminKeyset;
  },
): Promise<AdminPage<T>> {
  const { rows, total } = await withTotal(db, list.rows, list.matching);
  return toPage(rows, list.limit, total, list.keysetOf);
}

/**
 * The paging headers of an answer whose body stays the spec's array: X-Total-Count, and while
 * more follow X-Next-Cursor and a Link rel="next" to the same list with the same search.
 */
export function sendPagingHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  query: Pick<AdminListQuery, 'limit'>,
  page: { total: number; next: AdminKeyset | null },
): void {
  sendCursorHeaders(request, reply, {
    limit: query.limit,
    total: page.total,
    cursor: page.next ? encodeAdminCursor(page.next) : null,
  });
}

/**
 * The same headers for a list with a cursor of its own (the audit log's entry id). `replaces`:
 * other parameters the cursor stands for, left out of the next link (the audit log's `before`).
 */
export function sendCursorHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { limit: number; total: number; cursor: string | null },
  replaces: readonly string[] = [],
): void {
  reply.header(ADMIN_LIST_HEADERS.totalCount, String(page.total));
  if (!page.cursor) return;
  reply.header(ADMIN_LIST_HEADERS.nextCursor, page.cursor);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query as Record<string, unknown>)) {
    if (key !== 'cursor' && !replaces.includes(key) && typeof value === 'string') params.set(key, value);
  }
  params.set('cursor', page.cursor);
  params.set('limit', String(page.limit));
  reply.header('link', `<${request.url.split('?')[0]}?${params.toString()}>; rel="next"`);
}

/**
 * What an admin's search compares for an account: its names and email, the expression of the
 * accounts' trigram index (migration 0021), so every list that searches people uses the index.
 */
export const accountSearchText = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || ' ' || ${users.email}`;
