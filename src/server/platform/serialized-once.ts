import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * A response body serialised once per cached answer. A route whose service hands out the same
 * (cached, unchanging) object to many requests would otherwise check and serialise it against its
 * response schema on every one of them: for carer search, the busiest route, that was the largest
 * part of the server's own work under load (issue 9 figures). The body is the route's response
 * schema's encoding, as the type provider's serialiser makes it, and lives as long as the
 * answer object does: with no cache, every answer is a new object and is serialised anew.
 */
export function createSerializedOnce<Schema extends z.ZodType>(schema: Schema) {
  const bodies = new WeakMap<object, string>();
  return {
    /** Sends `build(answer)` as JSON, serialised at most once per `answer` object. */
    send(reply: FastifyReply, answer: object, build: () => z.output<Schema>): FastifyReply {
      let body = bodies.get(answer);
      if (body === undefined) {
        body = JSON.stringify(z.encode(schema, build()));
        bodies.set(answer, body);
      }
      // A string with a JSON type is sent as it is; the route's schema serialiser is for objects.
      return reply.type('application/json; charset=utf-8').send(body);
    },
  };
}
