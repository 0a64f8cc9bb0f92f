import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Point {
  latitude: number;
  longitude: number;
}

/** How a down service fails: a 503, a connection dropped without an answer, or no answer at all. */
export type OutageKind = 'unavailable' | 'drop' | 'hang';

export interface FakePostcodesService {
  url: string;
  /** Every request's path as received, e.g. '/postcodes/LS6%203AB'. */
  requests: string[];
  setDown(down: boolean, kind?: OutageKind): void;
  close(): Promise<void>;
}

const compact = (code: string) => code.replace(/\s+/g, '').toUpperCase();

/**
 * A postcodes.io stand-in on loopback (https://postcodes.io, GET /postcodes/:postcode and
 * GET /outcodes/:outcode) knowing only the postcodes given. An outward code is known when given in
 * `outcodes` or when a given postcode is in it (placed at their mean).
 */
export async function startFakePostcodesService({
  postcodes,
  outcodes = {},
}: {
  postcodes: Record<string, Point>;
  outcodes?: Record<string, Point>;
}): Promise<FakePostcodesService> {
  const known = new Map(
    Object.entries(postcodes).map(([code, point]) => {
      const key = compact(code);
      const postcode = `${key.slice(0, -3)} ${key.slice(-3)}`;
      return [key, { postcode, outcode: key.slice(0, -3), incode: key.slice(-3), ...point }];
    }),
  );
  const outcodeOf = (code: string): Point | undefined => {
    const given = Object.entries(outcodes).find(([key]) => compact(key) === code)?.[1];
    if (given) return given;
    const inside = [...known.values()].filter((entry) => entry.outcode === code);
    if (inside.length === 0) return undefined;
    const mean = (pick: (point: Point) => number) =>
      inside.reduce((sum, p) => sum + pick(p), 0) / inside.length;
    return { latitude: mean((p) => p.latitude), longitude: mean((p) => p.longitude) };
  };

  const requests: string[] = [];
  let outage: OutageKind | null = null;

  const server = http.createServer((request, response) => {
    const path = request.url ?? '';
    requests.push(path);
    if (outage === 'drop') return request.socket.destroy();
    if (outage === 'hang') return;
    const reply = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status, ...body }));
    };
    if (outage === 'unavailable') return reply(503, { error: 'Service unavailable' });

    const [, resource, code = '', ...rest] = path.split('/');
    if (request.method !== 'GET' || rest.length > 0) return reply(404, { error: 'Resource not found' });
    let wanted: string;
    try {
      wanted = compact(decodeURIComponent(code));
    } catch {
      return reply(400, { error: 'Invalid path' });
    }
    if (resource === 'postcodes') {
      const entry = known.get(wanted);
      return entry ? reply(200, { result: entry }) : reply(404, { error: 'Postcode not found' });
    }
    if (resource === 'outcodes') {
      const point = outcodeOf(wanted);
      return point
        ? reply(200, { result: { outcode: wanted, ...point } })
        : reply(404, { error: 'Outcode not found' });
    }
    return reply(404, { error: 'Resource not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    setDown(down, kind = 'unavailable') {
      outage = down ? kind : null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // hung requests included
        server.close(() => resolve());
      }),
  };
}
