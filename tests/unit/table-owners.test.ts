import fs from 'node:fs';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema';
import { CROSS_READS, PRIVACY_EXCEPTION, TABLE_OWNERS } from '../../src/server/db/table-owners.js';

// The ownership map the lint boundary is built from (docs/decisions/0030-table-owners.md).
const tables = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([name]) => name)
  .sort();
const features = fs.readdirSync('src/server/features');

describe('table owners', () => {
  it('names one owner for every table of the schema, and no table that is not there', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(tables);
  });

  it('names only features that exist, or the platform', () => {
    for (const owner of new Set(Object.values(TABLE_OWNERS))) {
      expect(owner === 'platform' || features.includes(owner), owner).toBe(true);
    }
    expect(features).toContain(PRIVACY_EXCEPTION.feature);
  });

  it("declares as cross reads only other features' tables", () => {
    for (const [feature, reads] of Object.entries(CROSS_READS)) {
      expect(features, feature).toContain(feature);
      for (const table of reads) {
        expect(tables, table).toContain(table);
        expect(TABLE_OWNERS[table], `${feature} owns ${table}`).not.toBe(feature);
      }
    }
  });
});
