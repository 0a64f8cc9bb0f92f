import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

const children = new Set<ChildProcess>();

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Child {
  process: ChildProcess;
  /** Resolves with the first stdout line starting with `prefix`, minus the prefix. */
  line(prefix: string, timeoutMs: number): Promise<string>;
  stop(): Promise<void>;
}

/** Starts a child whose output is echoed with a label; stopped by `stop()` or `stopAll()`. */
export function startChild(
  label: string,
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
): Child {
  const child = spawn(command, args, { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      children.delete(child);
      resolve();
    }),
  );
  const waiters: { prefix: string; resolve(rest: string): void }[] = [];
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let newline: number;
    while ((newline = buffered.indexOf('\n')) !== -1) {
      const text = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      const waiter = waiters.find((w) => text.startsWith(w.prefix));
      if (waiter) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(text.slice(waiter.prefix.length));
      } else if (text.trim()) {
        process.stdout.write(`  [${label}] ${text}\n`);
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    for (const text of chunk.toString('utf8').split('\n')) {
      if (text.trim()) process.stderr.write(`  [${label}] ${text}\n`);
    }
  });

  return {
    process: child,
    line(prefix, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${label}: no "${prefix}" in ${timeoutMs} ms`)),
          timeoutMs,
        );
        void exit.then(() => reject(new Error(`${label} exited (code ${child.exitCode})`)));
        waiters.push({
          prefix,
          resolve(rest) {
            clearTimeout(timer);
            resolve(rest);
          },
        });
      });
    },
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const killed = await Promise.race([
        exit.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
      ]);
      if (!killed) {
        child.kill('SIGKILL');
        await exit;
      }
    },
  };
}

/** Kills every child still running (on an error or Ctrl-C). */
export function killAllChildren(): void {
  for (const child of children) child.kill('SIGKILL');
}

/** Polls `url` until it answers 200, the child exits, or the time is up. */
export async function waitForHttp(url: string, child: Child, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) throw new Error(`server exited with code ${child.process.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}
