import { PublicCarer } from '@contracts/carers';
import { z } from 'zod';
import { milesFromMetres } from '../../platform/distance';
import { toPublicCarer } from './carer-mapper';
import type { CarerSearchAnswer } from './carer-search.repository';

/**
 * The search answer's JSON (UTF-8 bytes, as sent), made of each card's JSON. A card is encoded through the public
 * schema (the allowlist of what anyone may see) once per row object: the in-memory search
 * (decision 0025) hands out the same frozen row until the profile changes, so a card is encoded
 * once, not once per search that shows it (encoding was a third of a search's CPU). Rows from the
 * SQL search are new objects each time and are encoded each time. A search near a place adds the
 * distance, which differs per search, after the card's own fields.
 */
export function createCarerCards() {
  /** Each card's UTF-8 JSON without its closing brace (a distance may follow), ready to write. */
  const cards = new WeakMap<object, Buffer>();

  function card(row: CarerSearchAnswer['rows'][number]): Buffer {
    let open = cards.get(row);
    if (open === undefined) {
      const json = JSON.stringify(
        z.encode(PublicCarer, toPublicCarer({ ...row, distanceMetres: undefined })),
      );
      open = Buffer.from(json.slice(0, -1));
      cards.set(row, open);
    }
    return open;
  }

  return {
    /** The body of GET /api/carers for `answer` (CarerSearchResult's shape), as UTF-8 JSON. */
    searchBody(answer: CarerSearchAnswer): Buffer {
      const parts: Buffer[] = [ITEMS_START];
      answer.rows.forEach((row, index) => {
        if (index > 0) parts.push(COMMA);
        parts.push(card(row));
        const metres = answer.distancesMetres?.[index] ?? row.distanceMetres;
        parts.push(
          metres === undefined ? CLOSE : Buffer.from(`,"distanceMiles":${milesFromMetres(metres)}}`),
        );
      });
      const total = answer.total ? `,"total":${JSON.stringify(answer.total)}` : ',"total":null';
      parts.push(Buffer.from(`],"nextCursor":${JSON.stringify(answer.nextCursor)}${total}}`));
      return Buffer.concat(parts);
    },
  };
}

const ITEMS_START = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from('}');
