import type { FastifyReply } from 'fastify';

/**
 * A private file sent for saving (a CSV, a PDF, the data export): its type, the name the server
 * chose (never a user's), and never kept by a cache on the way.
 */
export function sendAttachment(
  reply: FastifyReply,
  { type, filename, body }: { type: string; filename: string; body: string | Uint8Array },
) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
}

export const CSV_TYPE = 'text/csv; charset=utf-8';
