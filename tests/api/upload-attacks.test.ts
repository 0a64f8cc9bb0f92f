// Upload attacks: a corpus of hostile files, made here in code, against every
// route that takes a file (carer photo, account photo, the admins' carer photo, verification
// documents). Each file is refused with a clear 400 or neutralised (photos are re-encoded to WebP,
// so whatever rode along is gone), and nothing stored is ever served as HTML or anything a browser
// would run: photos as image/webp, documents only to admins and only as attachments, with nosniff.
//
// EICAR: documents must be PDF, JPEG, PNG or WebP by their first bytes, so the EICAR test file
// (plain text) is refused like any other non-document. What passes that rule is scanned by ClamAV
// when CLAMAV_URL is set (tested here against a fake clamd speaking its INSTREAM protocol): a hit is
// a 400, a scanner without a verdict a 503, and nothing is stored either way. Without CLAMAV_URL
// (demo) such a file is stored, and served only to admins as an attachment.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminVerification } from '@contracts/verification';
import { CARER_MESSAGES } from '@contracts/carers';
import { ErrorBody } from '@contracts/errors';
import { DOCUMENT_MAX_BYTES, VERIFICATION_MESSAGES } from '@contracts/verification';
import { uploads } from '../../src/server/db/schema';
import { multipart, photoWithGps } from '../support/carer-fixtures';
import { admin, carer, customer, type Carer, type Person } from '../support/messaging-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  FILES,
  multipartForm,
  submitChecks,
  validFields,
  validFiles,
} from '../support/verification-fixtures';

// ---------------------------------------------------------------------------------------------
// The corpus.

/** The EICAR test string, put together here so this source file is not itself a signature match. */
const EICAR = Buffer.from(
  ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS', '-TEST-FILE!$H+H*'].join(''),
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" onload="alert(1)">' +
    '<script>alert(document.domain)</script><rect width="64" height="64" fill="red"/></svg>',
);
const PHP = Buffer.from('<?php system($_GET["cmd"]); ?>');
/** The start of a Windows executable ("MZ" and the DOS stub text). */
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from('This program cannot be run in DOS mode'),
]);

/** A PNG chunk with its length and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])) >>> 0);
  return Buffer.concat([length, Buffer.from(type), data, crc]);
}

/** A valid 1-bit greyscale PNG of `width` × `height` zero pixels: a few KB that decode to millions of pixels. */
function decompressionBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter byte + pixels
  const raw = Buffer.alloc(row.length * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real small PNG whose header (with a correct CRC) claims `width` × `height`: a pixel flood. */
function pixelFlood(png: Buffer, width: number, height: number): Buffer {
  const flooded = Buffer.from(png);
  // Signature (8) + IHDR length (4) + "IHDR" (4): width and height follow, then 5 bytes, then the CRC.
  flooded.writeUInt32BE(width, 16);
  flooded.writeUInt32BE(height, 20);
  flooded.writeUInt32BE(zlib.crc32(flooded.subarray(12, 29)) >>> 0, 29);
  return flooded;
}

interface Corpus {
  jpeg: Buffer;
  png: Buffer;
  polyglotPng: Buffer;
  gifar: Buffer;
  flood: Buffer;
  bomb: Buffer;
  truncated: Buffer;
}

async function buildCorpus(): Promise<Corpus> {
  const jpeg = await photoWithGps(640, 480);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7a5c' } })
    .png()
    .toBuffer();
  // A JAR (a ZIP) after a valid JPEG: the GIFAR trick, readable as both.
  const jar = Buffer.from(
    zipSync({ 'META-INF/MANIFEST.MF': Buffer.from('Manifest-Version: 1.0\nMain-Class: Evil\n') }),
  );
  return {
    jpeg,
    png,
    polyglotPng: Buffer.concat([png, HTML]),
    gifar: Buffer.concat([jpeg, jar]),
    flood: pixelFlood(png, 50_000, 50_000),
    bomb: decompressionBomb(8_000, 8_000), // 64 million pixels, over the 40 million limit
    truncated: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
  };
}

/** What must never appear in a served photo: the payloads that rode along. */
const RIDERS = [
  Buffer.from('<script'),
  Buffer.from('<html'),
  Buffer.from('PK\u0003\u0004'),
  Buffer.from('MANIFEST'),
];

// ---------------------------------------------------------------------------------------------

let t: TestApp;
let corpus: Corpus;
let owner: Carer;
let family: Person;
let subscriber: Person;
let otherCarer: Carer;
let boss: Person;

beforeAll(async () => {
  t = await createTestApp();
  corpus = await buildCorpus();
  owner = await carer(t);
  otherCarer = await carer(t);
  family = await customer(t, 'none');
  subscriber = await customer(t, 'active');
  boss = await admin(t);
});
afterAll(() => t.close());

/** The three photo routes: who uses each, how a file is sent, and where the stored photo's address comes back. */
interface PhotoRoute {
  name: string;
  request(): { cookie: string; method: 'POST' | 'PUT'; url: string };
  /** The multipart body: the one `photo` file, with the admin form's fields where it needs them. */
  form(file: { content: Buffer; filename: string; type: string }): {
    payload: Buffer;
    headers: Record<string, string>;
  };
  photoUrl(response: LightMyRequestResponse): string | null;
  /** An empty file part: refused, or (the admin form, whose file input may be left empty) no photo. */
  emptyFile: 'refused' | 'no photo';
}

const ADMIN_CARER_FIELDS = {
  firstName: 'Bronwen',
  lastName: 'Pryce',
  specialization: 'Dementia Care',
  experience: '12 years',
  location: 'Cardiff CF10',
  hourlyRateMin: '18',
  hourlyRateMax: '25.50',
  description: 'Calm, patient support for people living with dementia, at home in their own routine.',
  qualifications: JSON.stringify(['Manual Handling']),
  availability: JSON.stringify(['Weekdays']),
  isVerified: 'false',
};

const photoOnly: PhotoRoute['form'] = (file) => multipart('photo', file.filename, file.type, file.content);

const PHOTO_ROUTES: PhotoRoute[] = [
  {
    name: 'carer photo (POST /api/carers/:id/photo)',
    request: () => ({ cookie: owner.cookie, method: 'POST', url: `/api/carers/${owner.carerId}/photo` }),
    form: photoOnly,
    photoUrl: (response) => response.json<{ photoUrl: string | null }>().photoUrl,
    emptyFile: 'refused',
  },
  {
    name: 'account photo (POST /api/settings/photo)',
    request: () => ({ cookie: family.cookie, method: 'POST', url: '/api/settings/photo' }),
    form: photoOnly,
    photoUrl: (response) => response.json<{ profileImageUrl: string | null }>().profileImageUrl,
    emptyFile: 'refused',
  },
  {
    name: "admins' carer photo (PUT /api/test/carers/:id)",
    request: () => ({ cookie: boss.cookie, method: 'PUT', url: `/api/test/carers/${otherCarer.carerId}` }),
    form: (file) =>
      multipartForm(ADMIN_CARER_FIELDS, [
        { field: 'photo', filename: file.filename, contentType: file.type, content: file.content },
      ]),
    photoUrl: (response) => response.json<{ photoUrl: string | null }>().photoUrl,
    emptyFile: 'no photo',
  },
];

function sendPhoto(route: PhotoRoute, file: { content: Buffer; filename: string; type: string }) {
  const { cookie, ...request } = route.request();
  return t.injectAs(cookie, { ...request, ...route.form(file) });
}

/** A 4xx with the ErrorBody contract and one of the expected messages. */
function expectRefused(response: LightMyRequestResponse, messages: string[]) {
  expect(response.statusCode, response.body).toBe(400);
  const body = ErrorBody.parse(response.json());
  expect(messages, response.body).toContain(body.message);
}

/** The photo as served: WebP only, never sniffed, none of the riders, no metadata. */
async function expectServedAsWebp(url: string | null) {
  expect(url).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}\.webp$/);
  const served = await t.app.inject({ url: url! });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/webp');
  expect(served.headers['x-content-type-options']).toBe('nosniff');
  expect(served.headers['content-disposition']).toBe('inline');
  const meta = await sharp(served.rawPayload).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.exif).toBeUndefined();
  for (const rider of RIDERS) expect(served.rawPayload.includes(rider), rider.toString()).toBe(false);
  return served;
}

const NOT_AN_IMAGE = [CARER_MESSAGES.photoType];
const UNREADABLE = [CARER_MESSAGES.photoType, CARER_MESSAGES.photoUnreadable];
/** A PNG past 40 megapixels says so, before anything is decoded. */
const TOO_MANY_PIXELS = [CARER_MESSAGES.photoTooManyPixels];

describe.each(PHOTO_ROUTES.map((route) => [route.name, route] as const))('%s', (_name, route) => {
  it.each([
    ['a PHP script named x.php.jpg', () => PHP, 'x.php.jpg', 'image/jpeg', NOT_AN_IMAGE],
    ['an SVG with a script', () => SVG_WITH_SCRIPT, 'avatar.svg', 'image/svg+xml', NOT_AN_IMAGE],
    ['the same SVG named .png', () => SVG_WITH_SCRIPT, 'avatar.png', 'image/png', NOT_AN_IMAGE],
    ['an HTML page renamed .jpg', () => HTML, 'photo.jpg', 'image/jpeg', NOT_AN_IMAGE],
    ['a Windows executable named .jpg', () => EXE, 'photo.jpg', 'image/jpeg', NOT_AN_IMAGE],
    [
      'a pixel flood (PNG header claiming 50000 × 50000)',
      () => corpus.flood,
      'flood.png',
      'image/png',
      TOO_MANY_PIXELS,
    ],
    [
      'a decompression bomb (8000 × 8000 PNG of a few KB)',
      () => corpus.bomb,
      'bomb.png',
      'image/png',
      TOO_MANY_PIXELS,
    ],
    ['a truncated JPEG', () => corpus.truncated, 'half.jpg', 'image/jpeg', UNREADABLE],
  ])('refuses %s with a 400 and stores nothing', async (_what, content, filename, type, messages) => {
    const put = vi.spyOn(t.storage, 'put');
    try {
      expectRefused(await sendPhoto(route, { content: content(), filename, type }), messages);
      expect(put).not.toHaveBeenCalled();
    } finally {
      put.mockRestore();
    }
  });

  it.each([
    [
      'a real JPEG named photo.jpg.php, sent as PHP',
      () => corpus.jpeg,
      'photo.jpg.php',
      'application/x-httpd-php',
    ],
    [
      'a PNG with an HTML page and script appended (polyglot)',
      () => corpus.polyglotPng,
      'polyglot.png',
      'image/png',
    ],
    ['a JPEG with a JAR appended (GIFAR)', () => corpus.gifar, 'gifar.jpg', 'image/jpeg'],
    ['a real PNG sent as text/html', () => corpus.png, 'page.html', 'text/html'],
  ])(
    'neutralises %s: re-encoded WebP under a name of its own, nothing riding along',
    async (_what, content, filename, type) => {
      const response = await sendPhoto(route, { content: content(), filename, type });
      expect(response.statusCode, response.body).toBe(200);
      const url = route.photoUrl(response);
      expect(url).not.toContain('php');
      await expectServedAsWebp(url);
    },
  );

  it('stores nothing for an empty file: refused, or taken as no photo where the form allows that', async () => {
    const put = vi.spyOn(t.storage, 'put');
    try {
      const response = await sendPhoto(route, {
        content: Buffer.alloc(0),
        filename: 'photo.jpg',
        type: 'image/jpeg',
      });
      if (route.emptyFile === 'refused') expectRefused(response, NOT_AN_IMAGE);
      else expect(response.statusCode, response.body).toBe(200);
      expect(put).not.toHaveBeenCalled();
    } finally {
      put.mockRestore();
    }
  });

  it('refuses a body that stops half-way, or has no boundary, with a 400, not a 500', async () => {
    const { cookie, ...request } = route.request();
    const full = route.form({ content: corpus.jpeg, filename: 'photo.jpg', type: 'image/jpeg' });
    // Cut inside the file, as a dropped connection or a hand-made body would send it.
    for (const headers of [full.headers, { 'content-type': 'multipart/form-data' }]) {
      const cut = await t.injectAs(cookie, {
        ...request,
        headers,
        payload: full.payload.subarray(0, full.payload.length - 200),
      });
      expect(cut.statusCode, cut.body).toBe(400);
      ErrorBody.parse(cut.json());
    }
  });
});

describe('verification documents', () => {
  const submitDocument = (person: Person, content: Buffer, filename: string, contentType: string) =>
    submitChecks(t, person.cookie, validFields(), [
      { field: 'dbsCertificate', filename, contentType, content },
      { field: 'photoId', filename: 'id.jpg', contentType: 'image/jpeg', content: FILES.jpeg },
    ]);

  it.each([
    ['the EICAR test file named .pdf', () => EICAR, 'eicar.pdf', 'application/pdf'],
    ['the EICAR test file as a .com', () => EICAR, 'eicar.com', 'application/octet-stream'],
    ['an HTML page named .pdf', () => HTML, 'scan.pdf', 'application/pdf'],
    ['an SVG with a script named .png', () => SVG_WITH_SCRIPT, 'scan.png', 'image/png'],
    ['a Windows executable named scan.pdf.exe', () => EXE, 'scan.pdf.exe', 'application/pdf'],
    ['a PHP script named scan.php.jpg', () => PHP, 'scan.php.jpg', 'image/jpeg'],
  ])('refuses %s with a 400 and stores nothing', async (_what, content, filename, type) => {
    const person = await carer(t);
    const put = vi.spyOn(t.storage, 'put');
    try {
      const response = await submitDocument(person, content(), filename, type);
      expectRefused(response, [VERIFICATION_MESSAGES.documentType]);
      expect(response.json().fieldErrors).toEqual({ dbsCertificate: VERIFICATION_MESSAGES.documentType });
      expect(put).not.toHaveBeenCalled();
    } finally {
      put.mockRestore();
    }
  });

  it('refuses a body that stops half-way, or has no boundary, with a 400, not a 500', async () => {
    const person = await carer(t);
    const full = multipartForm(validFields(), validFiles());
    for (const headers of [full.headers, { 'content-type': 'multipart/form-data' }]) {
      const response = await t.injectAs(person.cookie, {
        method: 'POST',
        url: '/api/carers/my-profile/verification',
        headers,
        payload: full.payload.subarray(0, full.payload.length - 40),
      });
      expectRefused(response, [VERIFICATION_MESSAGES.formUnreadable]);
    }
  });

  it('keeps what passes the type rule private: attachments to admins only, typed by content, never HTML', async () => {
    // Files that are what their first bytes say, with something hostile inside or a lying name.
    const cases = [
      {
        what: 'JPEG with HTML appended',
        content: Buffer.concat([FILES.jpeg, HTML]),
        name: 'x.html',
        type: 'text/html',
        expected: 'image/jpeg',
      },
      {
        what: 'JPEG with a JAR appended',
        content: corpus.gifar,
        name: 'gifar.jpg',
        type: 'image/jpeg',
        expected: 'image/jpeg',
      },
      {
        what: 'PDF named scan.pdf.html',
        content: FILES.pdf,
        name: 'scan.pdf.html',
        type: 'text/html',
        expected: 'application/pdf',
      },
      {
        what: 'PDF with a JavaScript action',
        content: Buffer.from(
          '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n',
        ),
        name: 'scan.pdf',
        type: 'application/pdf',
        expected: 'application/pdf',
      },
      {
        what: 'PDF carrying the EICAR string (no scanner configured)',
        content: Buffer.concat([FILES.pdf, EICAR]),
        name: 'scan.pdf',
        type: 'application/pdf',
        expected: 'application/pdf',
      },
      {
        what: 'pixel-flood PNG',
        content: corpus.flood,
        name: 'id.png',
        type: 'image/png',
        expected: 'image/png',
      },
    ];
    for (const entry of cases) {
      const person = await carer(t);
      const response = await submitDocument(person, entry.content, entry.name, entry.type);
      expect(response.statusCode, `${entry.what}: ${response.body}`).toBe(201);
      const queue = await t.injectAs(boss.cookie, { url: '/api/admin/verifications' });
      const item = queue.json<AdminVerification[]>().find((entry) => entry.carerId === person.carerId);
      const document = item?.documents.find((doc) => doc.field === 'dbsCertificate');
      expect(document, entry.what).toBeDefined();
      expect(document!.contentType).toBe(entry.expected);
      const [documentRow] = await t.database.db.select().from(uploads).where(eq(uploads.id, document!.id));
      // A name of the server's choosing, with the extension of the type judged from the bytes.
      expect(documentRow!.storageKey).toMatch(/^documents\/[0-9a-f-]{36}\.(pdf|jpg|png|webp)$/);
      expect(documentRow!.contentType).toBe(entry.expected);

      const url = `/api/admin/verification-documents/${documentRow!.id}`;
      expect((await t.app.inject({ url })).statusCode, entry.what).toBe(401);
      for (const who of [person, otherCarer, family, subscriber]) {
        expect((await t.injectAs(who.cookie, { url })).statusCode, entry.what).toBe(403);
      }
      // The public photo route never serves a document.
      const name = documentRow!.storageKey.slice('documents/'.length);
      expect((await t.app.inject({ url: `/uploads/photos/${name}` })).statusCode).toBe(404);

      const download = await t.injectAs(boss.cookie, { url });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe(entry.expected);
      expect(download.headers['content-disposition']).toMatch(
        /^attachment; filename="document-[0-9a-f-]{36}\.(pdf|jpg|png|webp)"$/,
      );
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.rawPayload.equals(entry.content)).toBe(true);
    }
  });

  it('lists the documents to admins with the types judged from their bytes', async () => {
    const list = await t.injectAs(boss.cookie, { url: '/api/admin/verifications?status=all' });
    expect(list.statusCode).toBe(200);
    for (const item of list.json<AdminVerification[]>()) {
      for (const doc of item.documents) {
        expect(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']).toContain(doc.contentType);
      }
    }
  });
});

describe('a 50 MB file', () => {
  let origin: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const FIFTY_MB = 50 * 1024 * 1024;

  /**
   * Streams a multipart body with one 50 MB file over a real socket, a chunk at a time (the same
   * chunk each time, so the test itself allocates nothing), and stops sending as soon as an
   * answer arrives. Answers the status, body and how many file bytes had been sent by then.
   */
  function streamUpload(url: string, cookie: string, field: string, fields: Record<string, string> = {}) {
    const boundary = '----carematch50mb';
    const head = Buffer.concat([
      ...Object.entries(fields).map(([name, value]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    ]);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const request = http.request(`${origin}${url}`, {
        method: 'POST',
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      request.on('response', (response) => {
        answered = true;
        const sentWhenAnswered = sent;
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (data: string) => (body += data));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body, sent: sentWhenAnswered });
        });
      });
      request.on('error', (error) => {
        if (!answered) reject(error);
      });
      request.write(head);
      const pump = () => {
        while (!answered && sent < FIFTY_MB) {
          sent += chunk.length;
          if (!request.write(chunk)) {
            request.once('drain', pump);
            return;
          }
        }
        if (!answered) request.end(tail);
      };
      pump();
    });
  }

  it.each([
    ['carer photo', () => `/api/carers/${owner.carerId}/photo`, () => owner.cookie],
    ['account photo', () => '/api/settings/photo', () => family.cookie],
  ])('%s: refused with a 400 long before the whole file is sent', async (_name, url, cookie) => {
    const result = await streamUpload(url(), cookie(), 'photo');
    expect(result.status, result.body).toBe(400);
    expect(JSON.parse(result.body)).toMatchObject({ message: CARER_MESSAGES.photoTooLarge });
    // The 5 MB limit stops the read; socket buffers account for the rest.
    expect(result.sent).toBeLessThan(FIFTY_MB / 2);
  });

  it('verification document: refused with a 400, holding no more than the 10 MB limit', async () => {
    const person = await carer(t);
    const put = vi.spyOn(t.storage, 'put');
    // The plugin assembles each file with Buffer.concat: the largest one made is what was held.
    let largest = 0;
    const concat = Buffer.concat.bind(Buffer);
    const spy = vi.spyOn(Buffer, 'concat').mockImplementation((list, length) => {
      const joined = concat(list, length);
      largest = Math.max(largest, joined.length);
      return joined;
    });
    try {
      const result = await streamUpload(
        '/api/carers/my-profile/verification',
        person.cookie,
        'dbsCertificate',
        validFields(),
      );
      expect(result.status, result.body).toBe(400);
      expect(JSON.parse(result.body).fieldErrors).toMatchObject({
        dbsCertificate: VERIFICATION_MESSAGES.documentTooLarge,
      });
      expect(put).not.toHaveBeenCalled();
      // Everything past the limit is read and dropped (so the other files still get their own
      // messages): the server held at most the 10 MB limit, never the 50 MB.
      expect(largest).toBeGreaterThan(0);
      expect(largest).toBeLessThanOrEqual(DOCUMENT_MAX_BYTES);
    } finally {
      spy.mockRestore();
      put.mockRestore();
    }
  });
});

describe('what is served back', () => {
  it('the data export, the one way a carer gets their own documents back, is a zip attachment', async () => {
    const response = await t.injectAs(owner.cookie, { method: 'POST', url: '/api/settings/export' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/zip/);
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('no stored upload is recorded with an HTML, script or executable type', async () => {
    const rows = await t.database.db.select().from(uploads);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(['image/webp', 'application/pdf', 'image/jpeg', 'image/png']).toContain(row.contentType);
      expect(row.storageKey).toMatch(
        /^(photos\/[0-9a-f-]{36}\.webp|documents\/[0-9a-f-]{36}\.(pdf|jpg|png|webp))$/,
      );
    }
  });
});

/**
 * A stand-in for clamd: reads INSTREAM's length-prefixed chunks and answers like ClamAV, FOUND for
 * anything holding the EICAR string; `failing` makes it answer an error line instead of a verdict.
 */
function fakeClamd() {
  const state = { scanned: [] as Buffer[], failing: false };
  const command = Buffer.from('zINSTREAM\0');
  const server = net.createServer((socket) => {
    let input = Buffer.alloc(0);
    socket.on('data', (data) => {
      input = Buffer.concat([input, data]);
      if (input.length < command.length) return;
      if (!input.subarray(0, command.length).equals(command)) {
        socket.end('UNKNOWN COMMAND\0');
        return;
      }
      const chunks: Buffer[] = [];
      let offset = command.length;
      while (offset + 4 <= input.length) {
        const size = input.readUInt32BE(offset);
        if (size === 0) {
          const file = Buffer.concat(chunks);
          state.scanned.push(file);
          socket.end(
            state.failing
              ? 'INSTREAM size limit exceeded. ERROR\0'
              : file.includes(EICAR)
                ? 'stream: Eicar-Test-Signature FOUND\0'
                : 'stream: OK\0',
          );
          return;
        }
        if (offset + 4 + size > input.length) return;
        chunks.push(input.subarray(offset + 4, offset + 4 + size));
        offset += 4 + size;
      }
    });
  });
  return { server, state };
}

describe('with a virus scanner (CLAMAV_URL)', () => {
  const clamd = fakeClamd();
  let scanned: TestApp;
  let person: Carer;
  beforeAll(async () => {
    await new Promise<void>((resolve) => clamd.server.listen(0, '127.0.0.1', resolve));
    const { port } = clamd.server.address() as AddressInfo;
    scanned = await createTestApp({ CLAMAV_URL: `tcp://127.0.0.1:${port}` });
    person = await carer(scanned);
  });
  afterAll(async () => {
    await scanned?.close();
    await new Promise((resolve) => clamd.server.close(resolve));
  });

  const submit = (dbsCertificate: Buffer) =>
    submitChecks(scanned, person.cookie, validFields(), validFiles({ dbsCertificate }));
  const storedFiles = () =>
    scanned.database.db.select().from(uploads).where(eq(uploads.ownerId, person.user.id));

  it('refuses a document the scanner flags (EICAR inside a real PDF) with a 400, storing nothing', async () => {
    const put = vi.spyOn(scanned.storage, 'put');
    try {
      const response = await submit(Buffer.concat([FILES.pdf, EICAR]));
      expectRefused(response, [VERIFICATION_MESSAGES.documentInfected]);
      expect(response.json().fieldErrors).toEqual({ dbsCertificate: VERIFICATION_MESSAGES.documentInfected });
      expect(put).not.toHaveBeenCalled();
      expect(await storedFiles()).toEqual([]);
    } finally {
      put.mockRestore();
    }
  });

  it('answers 503 and stores nothing when the scanner gives no verdict: never stored unscanned', async () => {
    clamd.state.failing = true;
    const put = vi.spyOn(scanned.storage, 'put');
    try {
      const response = await submit(FILES.pdf);
      expect(response.statusCode, response.body).toBe(503);
      ErrorBody.parse(response.json());
      expect(put).not.toHaveBeenCalled();
      expect(await storedFiles()).toEqual([]);
    } finally {
      clamd.state.failing = false;
      put.mockRestore();
    }
  });

  it('scans an insurance document the same way: a flagged one is a 400 on `document`, storing nothing', async () => {
    const put = vi.spyOn(scanned.storage, 'put');
    const expiresOn = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    try {
      const response = await scanned.injectAs(person.cookie, {
        method: 'POST',
        url: '/api/carers/my-profile/insurance',
        ...multipartForm(
          {
            kind: 'public_liability',
            insurer: 'Hiscox',
            policyNumber: 'PL-778812',
            coverPounds: '5,000,000',
            expiresOn,
          },
          [
            {
              field: 'document',
              filename: 'policy.pdf',
              contentType: 'application/pdf',
              content: Buffer.concat([FILES.pdf, EICAR]),
            },
          ],
        ),
      });
      expectRefused(response, [VERIFICATION_MESSAGES.documentInfected]);
      expect(response.json().fieldErrors).toEqual({ document: VERIFICATION_MESSAGES.documentInfected });
      expect(put).not.toHaveBeenCalled();
      expect(await storedFiles()).toEqual([]);
    } finally {
      put.mockRestore();
    }
  });

  it('stores clean documents once each has been scanned, byte for byte', async () => {
    clamd.state.scanned.length = 0;
    const response = await submit(FILES.pdf);
    expect(response.statusCode, response.body).toBe(201);
    expect(clamd.state.scanned.map((file) => file.toString('base64')).sort()).toEqual(
      [FILES.pdf, FILES.jpeg].map((file) => file.toString('base64')).sort(),
    );
    expect(await storedFiles()).toHaveLength(2);
  });
});
