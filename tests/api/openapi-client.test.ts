import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/server/paths';
import { openApiDocument, type OpenApiDocument } from '../support/openapi-document';

/*
 * The OpenAPI document at /api/docs is good enough to generate a typed client from: the client
 * openapi-typescript makes of it (with openapi-fetch, as a third party would use it) type-checks
 * calls that read the answers' fields and send the bodies the routes take. `npm run
 * lint:openapi` holds it to Redocly's recommended rules.
 */

// A caller's code, type-checked against the generated `paths`. Every `@ts-expect-error` must be
// an error, so the check cannot pass on a client that types everything as `any`.
const CALLS = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

const client = createClient<paths>({ baseUrl: 'http://localhost:3000' });

export async function carerName(id: string): Promise<string> {
  const { data, error } = await client.GET('/api/carers/{id}', { params: { path: { id } } });
  if (error) return error.message;
  const rate: string = data.hourlyRateMin;
  // @ts-expect-error: not a field of the public carer
  void data.email;
  return \`\${data.firstName} \${data.lastName} (\${rate})\`;
}

export async function signIn(email: string, password: string) {
  // @ts-expect-error: the password is required
  await client.POST('/api/auth/login', { body: { email } });
  const { data } = await client.POST('/api/auth/login', { body: { email, password } });
  return data && 'role' in data ? data.role : data?.twoFactor;
}
`;

/** The type errors of CALLS against the client generated from `document`, as readable lines. */
async function typeErrors(document: OpenApiDocument): Promise<string[]> {
  const client = astToString(await openapiTS(document as unknown as OpenAPI3));
  // Virtual files inside the project, so `openapi-fetch` resolves from its node_modules. The client
  // is a declaration file: its 500 KB of types are checked where the calls use them, not all over.
  const dir = path.join(PROJECT_ROOT, 'generated-client');
  const files = new Map([
    [path.join(dir, 'api.d.ts'), client],
    [path.join(dir, 'calls.ts'), CALLS],
  ]);
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  host.directoryExists = (folder) => folder === dir || (directoryExists?.(folder) ?? false);
  host.fileExists = (file) => files.has(file) || fileExists(file);
  host.readFile = (file) => files.get(file) ?? readFile(file);
  host.getSourceFile = (file, language, ...rest) => {
    const text = files.get(file);
    return text === undefined
      ? getSourceFile(file, language, ...rest)
      : ts.createSourceFile(file, text, language, true);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
}

type Operation = { operationId?: string; security?: unknown[] };
type PublicCarerSchema = { properties: Record<string, unknown>; required: string[] };
const operations = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${url}`,
      ...operation,
    })),
  );

let document: OpenApiDocument;
beforeAll(async () => {
  document = await openApiDocument();
});

describe('the OpenAPI document', () => {
  it('names every operation once, after its endpoint in the contract', () => {
    const all = operations(document);
    const ids = all.map((operation) => operation.operationId);
    expect(all.length).toBeGreaterThan(100);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(all.find((o) => o.route === 'GET /api/carers/{id}')?.operationId).toBe('carersGetById');
  });

  it('says which calls need the session cookie, take it when there is one, or never read it', () => {
    const all = operations(document);
    const security = (route: string) => all.find((o) => o.route === route)?.security;
    expect(document.security).toEqual([{ session: [] }]);
    expect(security('GET /api/bookings')).toBeUndefined(); // an access rule: the document's default
    expect(security('GET /api/admin/users')).toBeUndefined(); // the admin guard
    expect(security('POST /api/auth/login')).toEqual([{ session: [] }, {}]);
    expect(security('GET /api/carers')).toEqual([]); // anonymous: the session is not looked up
    expect(security('GET /healthz')).toEqual([]);
  });

  it('gives a client whose calls type-check against the answers and bodies of the routes', async () => {
    expect(await typeErrors(document)).toEqual([]);
  }, 60_000);

  it('makes that check fail when an answer loses a field', async () => {
    const changed = structuredClone(document);
    const answer = changed.paths['/api/carers/{id}']!.get as {
      responses: Record<string, { content: Record<string, { schema: PublicCarerSchema }> }>;
    };
    const schema = answer.responses['200']!.content['application/json']!.schema;
    delete schema.properties.firstName;
    schema.required = schema.required.filter((name) => name !== 'firstName');
    const errors = await typeErrors(changed);
    expect(errors).toEqual([expect.stringMatching(/^calls\.ts: Property 'firstName' does not exist/)]);
  }, 60_000);
});
