import fs from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';

/**
 * Where uploaded files live. Keys are chosen by the server, never by users: 'photos/<uuid>.webp'
 * (public, served by uploads.routes.ts) and 'documents/<uuid>.<ext>' (private verification scans,
 * served to admins only as attachments by the verification feature, never by the public route).
 */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or undefined when there is none. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | undefined>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z]+\/[0-9a-f-]{36}\.[a-z0-9]+$/;

function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};

/** Files on the local disk under DATA_DIR/uploads: the default for one machine. */
export function createLocalDiskStorage(root: string): FileStorage {
  const fullPath = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const target = fullPath(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temporary = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, target);
    },
    async get(key) {
      try {
        const body = await fs.readFile(fullPath(key));
        return { body, contentType: CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fullPath(key), { force: true });
    },
  };
}

/** In memory: for tests, and for a demo without a writable disk. */
export function createMemoryStorage(): FileStorage {
  const files = new Map<string, { body: Buffer; contentType: string }>();
  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      files.set(key, { body, contentType });
    },
    async get(key) {
      return files.get(key);
    },
    async delete(key) {
      files.delete(key);
    },
  };
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Any S3-compatible store (AWS S3, Cloudflare R2, MinIO, …) through signed HTTP requests, with
 * path-style addresses (`endpoint/bucket/key`), which every such store accepts. Lets several app
 * instances share uploads.
 */
export function createS3Storage(settings: S3Settings): FileStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
  });
  const base = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}`;
  const url = (key: string) => {
    assertSafeKey(key);
    return `${base}/${key}`;
  };
  const fail = async (response: Response, action: string) => {
    throw new Error(`S3 ${action} failed: ${response.status} ${(await response.text()).slice(0, 200)}`);
  };
  return {
    async put(key, body, contentType) {
      const response = await client.fetch(url(key), {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: { 'content-type': contentType },
      });
      if (!response.ok) await fail(response, 'put');
    },
    async get(key) {
      const response = await client.fetch(url(key), { method: 'GET' });
      if (response.status === 404) return undefined;
      if (!response.ok) await fail(response, 'get');
      return {
        body: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async delete(key) {
      const response = await client.fetch(url(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) await fail(response, 'delete');
    },
  };
}
