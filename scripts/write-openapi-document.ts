// Writes the API's OpenAPI document (tests/support/openapi-document.ts) to the file named by the
// first argument, for `npm run lint:openapi`.
import fs from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../tests/support/openapi-document';

const target = process.argv[2];
if (!target) throw new Error('usage: tsx scripts/write-openapi-document.ts <file.json>');
const document = await openApiDocument();
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
// The test database pool (tests/support/test-database.ts) keeps its PGlite for another file.
process.exit(0);
