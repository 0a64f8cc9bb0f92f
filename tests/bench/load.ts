import autocannon from 'autocannon';

export interface LoadOptions {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Request paths, rotated per request on every connection. */
  paths?: readonly string[];
  /** Or autocannon requests (each may choose itself in `setupRequest`), rotated the same way. */
  requests?: autocannon.Request[];
  connections: number;
  /** Seconds; ignored when `amount` is given. */
  durationSeconds?: number;
  /** A fixed number of requests instead of a duration. */
  amount?: number;
  timeoutSeconds?: number;
  /** Called for every response, right after the request's own `onResponse`. */
  onResponse?: (statusCode: number, responseTimeMs: number) => void;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  /** Milliseconds, from every response's own timing (exact, not histogram buckets). */
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Responses by HTTP status. */
  statuses: Record<number, number>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

/** Only ever aimed at 127.0.0.1: refuses any other origin. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const origin = new URL(options.origin);
  if (origin.hostname !== '127.0.0.1') throw new Error(`load only goes to 127.0.0.1, not ${origin.host}`);
  const requests =
    options.requests ?? (options.paths ?? []).map((path) => ({ method: 'GET' as const, path }));
  if (requests.length === 0) throw new Error('no paths to request');
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin.origin,
        connections: options.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.durationSeconds ?? 10 }),
        timeout: options.timeoutSeconds ?? 10,
        requests,
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        const seconds = (Number(result.finish) - Number(result.start)) / 1000;
        resolve({
          requests: result.requests.total,
          seconds,
          rps: result.requests.total / seconds,
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          max: latencies[latencies.length - 1] ?? Number.NaN,
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          statuses,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      options.onResponse?.(statusCode, responseTime);
    });
  });
}
