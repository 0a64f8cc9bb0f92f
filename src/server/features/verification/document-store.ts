import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES } from '@contracts/errors';
import { VERIFICATION_MESSAGES } from '@contracts/verification';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import { createUploadsRepository } from '../../platform/uploads.repository';
import type { VirusScanner } from '../../platform/virus-scan';
import type { SniffedType } from './documents';

/** Private scans live under their own prefix; the public uploads route serves only 'photos/'. */
const DOCUMENT_KEY_PREFIX = 'documents/';

/** Where an admin downloads a document (as an attachment): the only way one is served. */
export const documentUrl = (id: string) => `/api/admin/verification-documents/${id}`;

/** A form's document that passed its checks: the bytes and the type sniffed from them. */
export interface CheckedDocument {
  body: Buffer;
  type: SniffedType;
}

/**
 * The one way a carer's documents are kept, their checks' and their insurance's alike
 * (decision 0009):
 *
 * 1. Every file goes through the virus scanner, when there is one (CLAMAV_URL): a 400 naming each
 *    flagged field, and a 503 when the scanner gives no verdict. Nothing is stored either way:
 *    documents are never let through unscanned.
 * 2. Each file is stored under a new random name.
 * 3. One transaction writes each file's `uploads` row, then the caller's own rows (`record`, given
 *    each field's document id).
 * 4. A failure anywhere deletes the files stored so far, and is thrown on.
 */
export function createDocumentStore({
  db,
  storage,
  scanner,
}: {
  db: Database;
  storage: FileStorage;
  scanner?: VirusScanner | undefined;
}) {
  async function scan(documents: [string, CheckedDocument][]) {
    if (!scanner) return;
    const fieldErrors: Record<string, string> = {};
    for (const [field, document] of documents) {
      let found: string | null;
      try {
        found = await scanner.scan(document.body);
      } catch {
        throw new AppError(503, ERROR_MESSAGES.serviceUnavailable, { 'retry-after': '30' });
      }
      if (found !== null) fieldErrors[field] = VERIFICATION_MESSAGES.documentInfected;
    }
    if (Object.keys(fieldErrors).length > 0) {
      throw AppError.badRequest(VERIFICATION_MESSAGES.documentInfected, fieldErrors);
    }
  }

  return {
    /** Keeps the documents owned by `ownerId` and answers what `record` answers. */
    async keep<Field extends string, T>(
      ownerId: string,
      documents: Partial<Record<Field, CheckedDocument>>,
      record: (tx: Executor, documentIds: Partial<Record<Field, string>>) => Promise<T>,
    ): Promise<T> {
      const entries = Object.entries(documents) as [Field, CheckedDocument][];
      await scan(entries);
      const stored: { field: Field; id: string; key: string; document: CheckedDocument }[] = [];
      try {
        for (const [field, document] of entries) {
          const key = `${DOCUMENT_KEY_PREFIX}${randomUUID()}.${document.type.extension}`;
          await storage.put(key, document.body, document.type.contentType);
          stored.push({ field, id: randomUUID(), key, document });
        }
        return await db.transaction(async (tx) => {
          const uploads = createUploadsRepository(tx);
          for (const { id, key, document } of stored) {
            await uploads.insert({
              id,
              ownerId,
              kind: 'document',
              storageKey: key,
              contentType: document.type.contentType,
              sizeBytes: document.body.length,
            });
          }
          const ids: Partial<Record<Field, string>> = {};
          for (const { field, id } of stored) ids[field] = id;
          return record(tx, ids);
        });
      } catch (error) {
        await Promise.all(stored.map(({ key }) => storage.delete(key).catch(() => {})));
        throw error;
      }
    },
  };
}
export type DocumentStore = ReturnType<typeof createDocumentStore>;
