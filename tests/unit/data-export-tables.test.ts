import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema';
import { PARTS, TABLES_IN_EXPORT } from '../../src/server/features/privacy/data-export.service';

// "Download my data" holds every personal record (decision 0011): each table of the schema is
// placed in a part of the export, or says why it holds none of the account's records.
const tables = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([name]) => name)
  .sort();

describe('the data export and the schema', () => {
  it('places every table of the schema, and no table that is not there', () => {
    expect(Object.keys(TABLES_IN_EXPORT).sort()).toEqual(tables);
  });

  it('names only parts that exist, and every part is fed by a table', () => {
    const named = new Set<string>();
    for (const [table, place] of Object.entries(TABLES_IN_EXPORT)) {
      if (typeof place === 'string') {
        expect(place.length, `${table}: why it is not exported`).toBeGreaterThan(20);
        continue;
      }
      for (const part of place) {
        expect(part === 'account' || part in PARTS, `${table} → ${part}`).toBe(true);
        named.add(part);
      }
    }
    for (const part of Object.keys(PARTS)) expect(named.has(part), part).toBe(true);
  });
});
