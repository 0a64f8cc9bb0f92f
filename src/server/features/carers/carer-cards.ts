import { CarerSummary } from '@contracts/carers';
import { z } from 'zod';
import { milesFromMetres } from '../../platform/distance';
import { toCarerSummary } from './carer-mapper';
import type { CarerSearchAnswer } from './carer-search.repository';

/**
 * The search answer's JSON, made of each card's JSON. A card is encoded through `CarerSummary`
 * (the allowlist of what anyone may see in a list: no weekly grid, which the profile has; decision
 * 0048) once per row object: the in-memory search (decision 0025) hands out the same frozen row
 * until the profile changes, so a card is encoded once, not once per search that shows it
 * (encoding was a third of a search's CPU). Rows from the SQL search are new objects each time and
 * are encoded each time. A search near a place adds the distance, which differs per search, after
 * the card's own fields.
 *
 * After each full read of the in-memory search every card is made ahead (`warm`). Cards would be
 * made anyway as searches show them; until all were, each new one was ~30 µs of a search's CPU and
 * ~1.4 KB of new memory outside V8's heap, whose growth (~5 MB/s under a random stream) brought
 * a full collection every ~15 s, and those pauses were the stream's p99.
 */
export function createCarerCards() {
  /** Each card's UTF-8 JSON without its closing brace (a distance may follow), ready to write. */
  const cards = new WeakMap<object, Buffer>();

  function card(row: CarerSearchAnswer['rows'][number]): Buffer {
    let open = cards.get(row);
    if (open === undefined) {
      const json = JSON.stringify(
        z.encode(CarerSummary, toCarerSummary({ ...row, distanceMetres: undefined })),
      );
      open = Buffer.from(json.slice(0, -1));
      cards.set(row, open);
    }
    return open;
  }

  let warming = 0;

  return {
    /**
     * Encodes the cards of `rows` ahead of their first search, a slice at a time between requests
     * (the in-memory search's rows, after each full read). A card a search shows is kept until its
     * row changes, so over a day every listed carer's card is made anyway; making them at once
     * keeps that work and the memory's growth out of the first minutes of searches. A newer call
     * ends an older one. Settles when done or ended.
     */
    warm(rows: readonly (CarerSearchAnswer['rows'][number] | undefined)[]): Promise<void> {
      const run = ++warming;
      let next = 0;
      return new Promise((resolve) => {
        const slice = () => {
          if (run !== warming) return resolve();
          const end = Math.min(rows.length, next + WARM_SLICE);
          for (; next < end; next++) {
            const row = rows[next];
            try {
              if (row) card(row);
            } catch {
              // A card that cannot be made fails its search as before, not the process here.
            }
          }
          if (next < rows.length) setImmediate(slice);
          else resolve();
        };
        setImmediate(slice);
      });
    },

    /** Ends any warming (the app is closing). */
    stop() {
      warming += 1;
    },

    /** The body of GET /api/carers for `answer` (CarerSearchResult's shape), as UTF-8 JSON. */
    searchBody(answer: CarerSearchAnswer): Buffer {
      const parts: Buffer[] = [ITEMS_START];
      answer.rows.forEach((row, index) => {
        if (index > 0) parts.push(COMMA);
        parts.push(card(row));
        const metres = answer.distancesMetres?.[index] ?? row.distanceMetres;
        parts.push(metres === undefined ? CLOSE : closeWithMiles(milesFromMetres(metres)));
      });
      const total = answer.total ? JSON.stringify(answer.total) : 'null';
      parts.push(Buffer.from(`],"nextCursor":${JSON.stringify(answer.nextCursor)},"total":${total}}`));
      return Buffer.concat(parts);
    },
  };
}

/** Cards encoded between two turns of the event loop while warming (~10 ms of CPU). */
const WARM_SLICE = 400;

/** A card's end with its distance, kept for the whole miles a search near a place gives. */
const closingsWithMiles: Buffer[] = [];
function closeWithMiles(miles: number): Buffer {
  const closing = closingsWithMiles[miles] ?? Buffer.from(`,"distanceMiles":${miles}}`);
  if (Number.isInteger(miles) && miles >= 0 && miles <= KEPT_MILES) closingsWithMiles[miles] = closing;
  return closing;
}
/** Farther than any two places in the UK are apart; a longer distance's closing is made each time. */
const KEPT_MILES = 1_000;

const ITEMS_START = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from('}');

export type CarerCards = ReturnType<typeof createCarerCards>;
