// A push service for tests (decision 0044): a local HTTP server that takes Web Push requests as
// FCM or Mozilla's service would, checks the VAPID signature (RFC 8292: an ES256 JWT whose
// audience is this service's origin, not expired, signed by the key in `k=`), and decrypts the
// payload as a browser would (RFC 8291, aes128gcm) with the device's private key and auth secret,
// which the test made here with node:crypto and which never leave it.
import {
  createECDH,
  createDecipheriv,
  createHmac,
  createPublicKey,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeDevice {
  id: string;
  /** What `PushSubscription.toJSON()` gives a web page. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The status this device's pushes are answered with (201 taken; 404/410 gone). */
  status: number;
}

export interface ReceivedPush {
  deviceId: string;
  /** The decrypted payload, parsed. */
  payload: Record<string, unknown>;
  /** The decrypted payload as text (for "never contains" checks). */
  text: string;
  headers: IncomingHttpHeaders;
  jwt: { aud: string; exp: number; sub: string };
  /** The VAPID public key the request was signed with (`k=`). */
  publicKey: string;
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, decrypted with the device's keys. */
export function decryptAes128gcm(
  body: Buffer,
  device: { privateKey: Buffer; publicKey: Buffer; auth: Buffer },
) {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not an uncompressed P-256 point`);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(device.privateKey);
  const shared = ecdh.computeSecret(serverPublic);
  const prkKey = hmac(device.auth, shared);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.publicKey,
    serverPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with 0x02 and then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, checked against `origin`. */
export function checkVapid(authorization: string | undefined, origin: string, at = Date.now()) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.');
  if (!head || !claims || !signature) throw new Error('not a JWT');
  const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string; typ?: string };
  if (header.alg !== 'ES256') throw new Error(`JWT alg ${header.alg}`);
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const jwt = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (jwt.aud !== origin) throw new Error(`aud ${jwt.aud}, not ${origin}`);
  const now = Math.floor(at / 1000);
  if (!(jwt.exp > now)) throw new Error('the JWT has expired');
  if (jwt.exp > now + 24 * 3600) throw new Error('the JWT is valid for more than 24 hours');
  if (!/^(mailto:|https:)/.test(jwt.sub ?? '')) throw new Error(`sub ${jwt.sub}`);
  return { jwt, publicKey: key };
}

export interface FakePushService {
  origin: string;
  /** A browser's subscription at this service: new keys, made here. */
  newDevice(): FakeDevice;
  /** Every push taken so far, oldest first. */
  received: ReceivedPush[];
  /** Requests refused (a bad signature, a payload that does not decrypt…): tests expect none. */
  refused: string[];
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const devices = new Map<string, FakeDevice & { privateKey: Buffer; publicKey: Buffer; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const device = id ? devices.get(id) : undefined;
      if (request.method !== 'POST' || !device) {
        response.writeHead(404).end();
        return;
      }
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') {
          throw new Error(`Content-Encoding ${request.headers['content-encoding']}`);
        }
        if (!/^\d+$/.test(String(request.headers.ttl ?? ''))) throw new Error('no TTL');
        const { jwt, publicKey } = checkVapid(request.headers.authorization, origin);
        if (device.status === 201) {
          const text = decryptAes128gcm(Buffer.concat(chunks), device);
          received.push({
            deviceId: device.id,
            payload: JSON.parse(text) as Record<string, unknown>,
            text,
            headers: request.headers,
            jwt,
            publicKey,
          });
        }
        response.writeHead(device.status).end();
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    newDevice() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      const device = {
        id,
        subscription: { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64(publicKey), auth: b64(auth) } },
        status: 201,
        privateKey: ecdh.getPrivateKey(),
        publicKey,
        auth,
      };
      devices.set(id, device);
      return device;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
