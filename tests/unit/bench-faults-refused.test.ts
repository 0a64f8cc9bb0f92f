import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@contracts/errors';

// bench:faults pointed at a server that refuses all of its traffic (403, as the product answers
// people who never confirmed their address) must exit 1 saying what it could not exercise,
// instead of reporting "no acknowledged write lost" over zero writes. BENCH_FAULTS_ORIGIN sends
// the bench's traffic to that server: no build, no PostgreSQL, no fault injected.

let server: http.Server;
let origin = '';
let requests = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    requests += 1;
    request.resume();
    response.writeHead(403, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: ERROR_MESSAGES.emailNotConfirmed }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function runBench(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/faults.ts', '--short'], {
      env: { ...process.env, BENCH_FAULTS_ORIGIN: origin },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('bench:faults against a server that refuses its traffic', () => {
  it('exits 1 naming each part it could not exercise', { timeout: 120_000 }, async () => {
    const { code, output } = await runBench();
    expect(requests).toBeGreaterThan(0);
    expect(code).toBe(1);
    expect(output).toMatch(/CHECKS FAILED/);
    expect(output).not.toMatch(/Every check passed/);
    expect(output).toMatch(
      /\(a\) could not exercise "no acknowledged write lost": 0 messages acknowledged \(201\) before PostgreSQL stopped, minimum 5; .*the bench's people were refused: POST \/api\/auth\/register answered 403/,
    );
    expect(output).toMatch(
      /\(b\) could not exercise a webhook during the outage: .* answered 403, not a 5xx/,
    );
    expect(output).toMatch(
      /\(c\) could not exercise "all or nothing": 0 payments confirmed around the kills/,
    );
    expect(output).toContain(ERROR_MESSAGES.emailNotConfirmed);
  });
});
