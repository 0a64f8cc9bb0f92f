import { describe, expect, it } from 'vitest';
import { inlineEndpoints } from '../../scripts/vite/inline-endpoints';
import { endpointPaths } from '../../src/contracts/endpoint-paths.generated';

/*
 * The web build writes each `endpoints.<feature>.<name>` as its own method and path, so the first
 * chunk every page loads does not carry the whole endpoint table (docs/performance.md, initial JS).
 */
const transform = (code: string, id = '/repo/src/web/features/x/api.ts') => {
  const hook = inlineEndpoints().transform as (code: string, id: string) => { code: string } | null;
  return hook(code, id)?.code ?? null;
};
const IMPORT = "import { endpoints } from '@contracts/endpoints';\n";

describe('inlineEndpoints', () => {
  it('writes each endpoint as its method and path, and drops the table', () => {
    const out = transform(
      `${IMPORT}export const a = api(endpoints.carers.get);\nconst u = endpoints.auth.getSession.path;\n`,
    );
    expect(out).not.toContain('@contracts/endpoints');
    expect(out).toContain(`api((${JSON.stringify(endpointPaths.carers.get)}))`);
    expect(out).toContain(`(${JSON.stringify(endpointPaths.auth.getSession)}).path`);
  });

  it('keeps the table when the code uses it otherwise, or names an endpoint it does not know', () => {
    expect(transform(`${IMPORT}const group = endpoints.carers;\n`)).toContain('@contracts/endpoints');
    expect(transform(`${IMPORT}api(endpoints.carers.noSuchEndpoint);\n`)).toContain('@contracts/endpoints');
  });

  it('a comment naming the endpoints does not keep the table', () => {
    expect(
      transform(`// made from the endpoints (lib/query-keys.ts)\n${IMPORT}api(endpoints.carers.get);\n`),
    ).not.toContain('@contracts/endpoints');
  });

  it('leaves other files alone', () => {
    expect(transform(`${IMPORT}api(endpoints.carers.get);\n`, '/repo/src/server/x.ts')).toBeNull();
    expect(transform('const endpoints = { carers: { get: 1 } };\nendpoints.carers.get;\n')).toBeNull();
  });
});
