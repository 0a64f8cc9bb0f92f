// A private PostgreSQL 15 cluster for the fault benchmark (`npm run bench:faults`): initdb into a
// temporary folder, run as the `postgres` OS user on a port of its own, so it can be stopped and
// started at will. It never touches the shared server on 5432.

import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BIN = process.env.BENCH_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  adminUrl: string;
  /** `pg_ctl start -w`: resolves once the server accepts connections. */
  start(): Promise<void>;
  /** `pg_ctl stop -m fast -w`: every connection is closed, new ones are refused. */
  stop(): Promise<void>;
  isRunning(): boolean;
  /** Stops the cluster (if running) and deletes its folder. */
  destroy(): void;
}

// runuser when we are root (initdb refuses to run as root); the current user otherwise.
const commandLine = (command: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args]]
    : [path.join(BIN, command), args];

function asPostgres(command: string, args: string[]): string {
  const [file, list] = commandLine(command, args);
  return execFileSync(file, list, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The same without blocking the event loop (the load keeps running while the server stops). */
async function asPostgresAsync(command: string, args: string[]): Promise<void> {
  const [file, list] = commandLine(command, args);
  await promisify(execFile)(file, list);
}

export function createPrivatePostgres(port: number): PrivatePostgres {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-faults-pg-'));
  fs.chmodSync(root, 0o777);
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', root]);
  asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  let running = false;
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const api: PrivatePostgres = {
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      try {
        await asPostgresAsync('pg_ctl', [
          '-D',
          dataDir,
          '-o',
          options,
          '-l',
          logFile,
          '-w',
          '-t',
          '60',
          'start',
        ]);
      } catch (error) {
        // The reason is in the server's log, which destroy() deletes: say it with the failure.
        const log = fs.existsSync(logFile)
          ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n')
          : '';
        throw new Error(`The private PostgreSQL on port ${port} did not start. Its log ends:\n${log}`, {
          cause: error,
        });
      }
      running = true;
    },
    async stop() {
      await asPostgresAsync('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
      running = false;
    },
    isRunning: () => running,
    destroy() {
      try {
        if (running) asPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', '-t', '60', 'stop']);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
  return api;
}
