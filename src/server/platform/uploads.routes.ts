import type { FastifyInstance } from 'fastify';
import { endpoints } from '@contracts/api';
import { defineRoute } from './define-route';
import { AppError } from './errors';
import type { FileStorage } from './storage';

export const PHOTO_URL_PREFIX = '/uploads/photos/';

/**
 * Public profile photos. Names are random and never reused, so a year's caching is safe. Only
 * WebP made by the server is ever stored here, and it is served as exactly that type.
 */
export function registerUploadRoutes(app: FastifyInstance, storage: FileStorage) {
  defineRoute(
    app,
    endpoints.uploads.getPhotosByName,
    {
      schema: { tags: ['uploads'], summary: 'A profile photo' },
      errorHandler: (error, _request, reply) => {
        // A malformed name is simply a photo that does not exist.
        if (error.validation) return reply.status(404).send({ message: 'Not found.' });
        throw error;
      },
    },
    async (request, reply) => {
      const file = await storage.get(`photos/${request.params.name}`);
      if (!file) throw AppError.notFound();
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .type('image/webp')
        .send(file.body);
    },
  );
}
