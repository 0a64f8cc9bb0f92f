import { sql, type SQL } from 'drizzle-orm';
import { PUSH_PREVIEW_LENGTH, PUSH_TEXTS, type PushKind } from '@contracts/push';
import type { Executor } from '../../db/client';
import { pushOutbox, pushSettings, pushSubscriptions } from '../../db/schema';

/**
 * One notice to push. `body` is what a locked screen may show: our own words, no one's name or
 * text. `preview` is shown instead only to a person who turned previews on, and the caller gives
 * one only when that person may read it now (a paywall holds nothing back from them).
 */
export interface PushNotice {
  kind: PushKind;
  body: string;
  /** A path of the site the notice opens. */
  url: string;
  /** Notices with the same tag replace each other on a device (one per conversation, visit…). */
  tag: string;
  preview?: { title: string; body: string } | null;
}

/** A message's start for a preview: one line, at most PUSH_PREVIEW_LENGTH characters. */
export function previewText(text: string): string {
  const line = text.replace(/\s+/gu, ' ').trim();
  return line.length > PUSH_PREVIEW_LENGTH ? `${line.slice(0, PUSH_PREVIEW_LENGTH - 1).trimEnd()}…` : line;
}

/**
 * The statement that queues `notice` for each of `userIds` who has a device with push on and has
 * not turned its kind off, with the preview for those who turned previews on: an INSERT … SELECT,
 * usable on its own or as a CTE inside the caller's statement (a message is written in one).
 */
export function pushNoticeSql(userIds: readonly (string | null)[], notice: PushNotice): SQL | null {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return null;
  const previewTitle = notice.preview?.title ?? null;
  const previewBody = notice.preview?.body ?? null;
  const withPreview = sql`coalesce(s.previews, false) and ${previewBody}::text is not null`;
  return sql`insert into ${pushOutbox} (user_id, kind, title, body, url, tag)
    select u.id, ${notice.kind},
      case when ${withPreview} then ${previewTitle}::text else ${PUSH_TEXTS.title} end,
      case when ${withPreview} then ${previewBody}::text else ${notice.body} end,
      ${notice.url}, ${notice.tag}
    from unnest(array[${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]) as u(id)
    left join ${pushSettings} s on s.user_id = u.id
    where exists (select 1 from ${pushSubscriptions} d where d.user_id = u.id)
      and not (${notice.kind} = any(coalesce(s.kinds_off, '{}'::text[])))
    returning ${pushOutbox.id}`;
}

/**
 * Queues a push through `tx`, the caller's transaction: it is sent only if that transaction
 * commits. Answers how many were queued; call `app.push.dispatchSoon()` after the commit when any were.
 */
export async function enqueuePush(
  tx: Executor,
  userIds: readonly (string | null)[],
  notice: PushNotice,
): Promise<number> {
  const statement = pushNoticeSql(userIds, notice);
  if (!statement) return 0;
  const result = (await tx.execute(statement)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
