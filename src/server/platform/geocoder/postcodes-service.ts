// A postcodes.io-compatible service (https://postcodes.io, self-hostable): GET /postcodes/:postcode
// and GET /outcodes/:outcode answer { status: 200, result: { latitude, longitude, ... } } or 404.

/** The service could not answer: unreachable, too slow, or failing (5xx, 429, a garbled body). */
export class PostcodesServiceDown extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'PostcodesServiceDown';
  }
}

/** A point, or null when the service knows the code but has no coordinates for it. */
export type ServiceAnswer =
  { found: true; point: { latitude: number; longitude: number } | null } | { found: false };

export function createPostcodesService({
  url,
  fetch: fetchFn,
  timeoutMs,
}: {
  url: string;
  fetch: typeof fetch;
  timeoutMs: number;
}) {
  const base = url.replace(/\/+$/, '');

  async function get(path: string): Promise<ServiceAnswer> {
    let response: Response;
    let body: unknown;
    try {
      response = await fetchFn(`${base}${path}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      // A 404's body is read too, so the connection can be reused.
      body = await response.json();
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new PostcodesServiceDown(`postcode service: ${String(error)}`, timedOut, { cause: error });
    }
    // 404 is postcodes.io's "not found" (and "invalid"); 400 would be a code it cannot parse.
    if (response.status === 404 || response.status === 400) return { found: false };
    if (!response.ok) throw new PostcodesServiceDown(`postcode service answered ${response.status}`);
    const result = (body as { result?: unknown } | null)?.result;
    if (typeof result !== 'object' || result === null) {
      throw new PostcodesServiceDown('postcode service answered 200 without a result');
    }
    const { latitude, longitude } = result as Record<string, unknown>;
    const point =
      typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null;
    return { found: true, point };
  }

  return {
    /** 'LS6 3AB', normalised. */
    postcode: (postcode: string) => get(`/postcodes/${encodeURIComponent(postcode)}`),
    /** 'LS6'. */
    outcode: (outcode: string) => get(`/outcodes/${encodeURIComponent(outcode)}`),
  };
}
