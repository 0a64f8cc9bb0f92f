import { and, asc, count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  carerProfiles,
  users,
  visitNoteReplies as r,
  visitNotes as n,
  visits as v,
  type VisitNoteReplyRow,
  type VisitNoteRow,
  type VisitRow,
} from '../../db/schema';

export interface ReplyWithAuthor extends VisitNoteReplyRow {
  authorFirstName: string | null;
  authorLastName: string | null;
}

/** The SQL of visits that happened: check-ins and check-outs, notes and their replies. */
export function createVisitRecordsRepository(db: Executor) {
  return {
    async updateVisit(id: string, values: Partial<VisitRow>): Promise<void> {
      await db.update(v).set(values).where(eq(v.id, id));
    },

    async insertNote(values: typeof n.$inferInsert): Promise<void> {
      await db.insert(n).values(values);
    },

    async notesOf(visitIds: string[]): Promise<VisitNoteRow[]> {
      if (visitIds.length === 0) return [];
      return db.select().from(n).where(inArray(n.visitId, visitIds));
    },

    /** The replies under those visits' notes, oldest first, with their authors' names. */
    async repliesOf(visitIds: string[]): Promise<ReplyWithAuthor[]> {
      if (visitIds.length === 0) return [];
      const rows = await db
        .select({ reply: r, authorFirstName: users.firstName, authorLastName: users.lastName })
        .from(r)
        .leftJoin(users, eq(users.id, r.authorId))
        .where(inArray(r.visitId, visitIds))
        .orderBy(asc(r.createdAt), asc(r.id));
      return rows.map((row) => ({
        ...row.reply,
        authorFirstName: row.authorFirstName,
        authorLastName: row.authorLastName,
      }));
    },

    async replyCount(visitId: string): Promise<number> {
      const [row] = await db.select({ total: count() }).from(r).where(eq(r.visitId, visitId));
      return row?.total ?? 0;
    },

    async insertReply(values: typeof r.$inferInsert): Promise<void> {
      await db.insert(r).values(values);
    },

    /** One visit by id (after a write, to answer with it). */
    async visit(id: string): Promise<VisitRow | undefined> {
      const [row] = await db.select().from(v).where(eq(v.id, id)).limit(1);
      return row;
    },

    /**
     * The arrangement's visits that have started before `before`, newest first; one more than
     * `limit`, so the caller knows whether an older page exists. The start is unique per
     * arrangement, so it is the page's cursor.
     */
    async pastVisits(arrangementId: string, before: Date, limit: number): Promise<VisitRow[]> {
      return db
        .select()
        .from(v)
        .where(and(eq(v.arrangementId, arrangementId), lt(v.startsAt, before)))
        .orderBy(desc(v.startsAt))
        .limit(limit + 1);
    },

    /** The carer's name as a profile has it (for a note's author). */
    async carerName(carerId: string | null) {
      if (!carerId) return undefined;
      const [row] = await db
        .select({ firstName: carerProfiles.firstName, lastName: carerProfiles.lastName })
        .from(carerProfiles)
        .where(eq(carerProfiles.id, carerId))
        .limit(1);
      return row;
    },
  };
}
export type VisitRecordsRepository = ReturnType<typeof createVisitRecordsRepository>;
