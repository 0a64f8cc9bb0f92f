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
 *
 * Cards and bodies are strings, not Buffers: a Buffer's bytes live outside V8's heap, and a
 * stream of new ones (a 17 KB body a search, a card the first time it is shown) counts as
 * external memory that brings on full collections, whose pauses were the random stream's p99.
 * A string is one object to the collector however long it is, and the body is encoded once, as
 * it is written to the socket.
 */
export function createCarerCards() {
  /** Each card's JSON without its closing brace (a distance may follow). */
  const cards = new WeakMap<object, string>();

  function card(row: CarerSearchAnswer['rows'][number]): string {
    let open = cards.get(row);
    if (open === undefined) {
      const json = JSON.stringify(
        z.encode(PublicCarer, toPublicCarer({ ...row, distanceMetres: undefined })),
      );
      open = json.slice(0, -1);
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
     * keeps that work and the heap's growth out of the first minutes of searches. A newer call
     * ends an older one.
     */
    warm(rows: readonly (CarerSearchAnswer['rows'][number] | undefined)[]) {
      const run = ++warming;
      let next = 0;
      const slice = () => {
        if (run !== warming) return;
        const end = Math.min(rows.length, next + WARM_SLICE);
        for (; next < end; next++) {
          const row = rows[next];
          if (row) card(row);
        }
        if (next < rows.length) setImmediate(slice).unref();
      };
      setImmediate(slice).unref();
    },

    /** The body of GET /api/carers for `answer` (CarerSearchResult's shape), as JSON text. */
    searchBody(answer: CarerSearchAnswer): string {
      let body = '{"items":[';
      answer.rows.forEach((row, index) => {
        if (index > 0) body += ',';
        body += card(row);
        const metres = answer.distancesMetres?.[index] ?? row.distanceMetres;
        body += metres === undefined ? '}' : `,"distanceMiles":${milesFromMetres(metres)}}`;
      });
      const total = answer.total ? JSON.stringify(answer.total) : 'null';
      return `${body}],"nextCursor":${JSON.stringify(answer.nextCursor)},"total":${total}}`;
    },
  };
}

/** Cards encoded between two turns of the event loop while warming (~10 ms of CPU). */
const WARM_SLICE = 400;
