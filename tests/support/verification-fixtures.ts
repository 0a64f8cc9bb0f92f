import type { OwnVerification, VerificationFileField } from '@contracts/verification';
import type { TestApp } from './test-app';

/** The smallest files each accepted type is recognised by (their magic bytes and a little more). */
export const FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.alloc(60, 1),
    Buffer.from([0xff, 0xd9]),
  ]),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 2)]),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x20, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(24, 3),
  ]),
  /** An HTML page named like a PDF: must never be accepted, or served as a document. */
  html: Buffer.from('<!doctype html><script>alert(1)</script>'),
} as const;

export interface FilePart {
  field: VerificationFileField | string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A multipart/form-data body of text fields and files, as a browser's FormData sends it. */
export function multipartForm(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----carematch${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const REFERENCES = [
  {
    name: 'Margaret Holt',
    relationship: 'Former manager at Roundhay Care Home',
    contact: 'm.holt@example.co.uk',
  },
  { name: 'David Osei', relationship: 'Client’s son (two years of care)', contact: '07700 900123' },
];

/** The text fields of a valid submission (share code: no right-to-work scan needed). */
export function validFields(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    dbsLevel: 'Enhanced with Barred List',
    dbsIssueDate: '2026-03-02',
    dbsCertificateNumber: '0012 3456 7890',
    dbsUpdateService: 'true',
    rightToWorkMethod: 'share_code',
    rightToWorkShareCode: 'W12 345 67X',
    references: JSON.stringify(REFERENCES),
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
}

export const validFiles = (
  overrides: Partial<Record<VerificationFileField, Buffer | null>> = {},
): FilePart[] => {
  const contents: Partial<Record<VerificationFileField, Buffer | null>> = {
    dbsCertificate: FILES.pdf,
    photoId: FILES.jpeg,
    ...overrides,
  };
  return Object.entries(contents)
    .filter((e): e is [VerificationFileField, Buffer] => e[1] !== null && e[1] !== undefined)
    .map(([field, content]) => ({
      field,
      filename: `${field}.pdf`,
      contentType: 'application/pdf',
      content,
    }));
};

/** POST /api/carers/my-profile/verification as `cookie`. */
export function submitChecks(
  t: TestApp,
  cookie: string | undefined,
  fields: Record<string, string> = validFields(),
  files: FilePart[] = validFiles(),
) {
  return t.injectAs(cookie, {
    method: 'POST',
    url: '/api/carers/my-profile/verification',
    ...multipartForm(fields, files),
  });
}

/** Submits valid checks and answers the submission. */
export async function submitValidChecks(
  t: TestApp,
  cookie: string,
  fields: Record<string, string> = validFields(),
): Promise<OwnVerification> {
  const response = await submitChecks(t, cookie, fields);
  if (response.statusCode !== 201) throw new Error(`submit failed: ${response.statusCode} ${response.body}`);
  return response.json<OwnVerification>();
}
