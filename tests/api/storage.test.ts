import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage, createS3Storage, type FileStorage } from '../../src/server/platform/storage';

const KEY = 'photos/3f1c2a9e-5d7b-4c8a-9e6f-1a2b3c4d5e6f.webp';

async function exercise(storage: FileStorage) {
  expect(await storage.get(KEY)).toBeUndefined();
  await storage.put(KEY, Buffer.from('webp-bytes'), 'image/webp');
  const stored = await storage.get(KEY);
  expect(stored?.body.toString()).toBe('webp-bytes');
  expect(stored?.contentType).toBe('image/webp');
  await storage.delete(KEY);
  expect(await storage.get(KEY)).toBeUndefined();
  await storage.delete(KEY); // deleting twice is harmless
}

describe('local disk storage', () => {
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'carematch-storage-'));
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('puts, gets and deletes files', () => exercise(createLocalDiskStorage(root)));

  it('refuses keys the server did not make (no path traversal)', async () => {
    const storage = createLocalDiskStorage(root);
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /unsafe storage key/,
    );
    await expect(storage.get('photos/../../etc/passwd')).rejects.toThrow(/unsafe storage key/);
  });
});

describe('S3-compatible storage', () => {
  // A stand-in S3 on loopback: path-style objects, refusing any request not signed with SigV4.
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seenAuth: string[] = [];
  let server: http.Server;
  let endpoint: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const auth = request.headers.authorization ?? '';
      seenAuth.push(auth);
      if (!auth.startsWith('AWS4-HMAC-SHA256 Credential=test-key/') || !request.headers['x-amz-date']) {
        response.statusCode = 403;
        response.end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const key = request.url ?? '';
        if (request.method === 'PUT') {
          objects.set(key, { body: Buffer.concat(chunks), type: String(request.headers['content-type']) });
          response.end();
        } else if (request.method === 'GET') {
          const object = objects.get(key);
          response.statusCode = object ? 200 : 404;
          if (object) response.setHeader('content-type', object.type);
          response.end(object?.body);
        } else if (request.method === 'DELETE') {
          objects.delete(key);
          response.statusCode = 204;
          response.end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const settings = () => ({
    endpoint,
    bucket: 'carematch-uploads',
    region: 'eu-west-2',
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
  });

  it('puts, gets and deletes signed objects under the bucket, path-style', async () => {
    await exercise(createS3Storage(settings()));
    expect(seenAuth.every((auth) => auth.includes('/eu-west-2/s3/aws4_request'))).toBe(true);
    await createS3Storage(settings()).put(KEY, Buffer.from('kept'), 'image/webp');
    expect([...objects.keys()]).toEqual([`/carematch-uploads/${KEY}`]);
  });

  it('reports a store that refuses', async () => {
    const storage = createS3Storage({ ...settings(), accessKeyId: 'wrong-key' });
    await expect(storage.put(KEY, Buffer.from('x'), 'image/webp')).rejects.toThrow(/S3 put failed: 403/);
  });
});
