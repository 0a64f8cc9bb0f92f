import { PublicCarer } from '@contracts/carers';
import { z } from 'zod';
import { milesFromMetres } from '../../platform/distance';
import { toPublicCarer } from './carer-mapper';
import type { CarerSearchAnswer } from './carer-search.repository';

/**
 * The search answer's JSON, made of each card's JSON. A card is encoded through the public
 * schema (the allowlist of what anyone may see) once per row object: the in-memory search
 * (decision 0025) hands out the same frozen row until the profile changes, so a card is encoded
 * once, not once per search that shows it (encoding was a third of a search's CPU). Rows from the
 * SQL search are new objects each time and are encoded each time. A search near a place adds the
 * distance, which differs per search, after the card's own fields.
 */
export function createCarerCards() {
  const cards = new WeakMap<object, string>();

  function card(row: CarerSearchAnswer['rows'][number]): string {
    let json = cards.get(row);
    if (json === undefined) {
      json = JSON.stringify(z.encode(PublicCarer, toPublicCarer({ ...row, distanceMetres: undefined })));
      cards.set(row, json);
    }
    return json;
  }

  return {
    /** The body of GET /api/carers for `answer` (CarerSearchResult's shape). */
    searchBody(answer: CarerSearchAnswer): string {
      const items = answer.rows.map((row, index) => {
        const json = card(row);
        const metres = answer.distancesMetres?.[index] ?? row.distanceMetres;
        return metres === undefined ? json : `${json.slice(0, -1)},"distanceMiles":${milesFromMetres(metres)}}`;
      });
      return `{"items":[${items.join(',')}],"nextCursor":${JSON.stringify(answer.nextCursor)}}`;
    },
  };
}
