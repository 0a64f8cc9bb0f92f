import { z } from 'zod';
import { endpoint } from './endpoint';

export const uploadsEndpoints = {
  /** A public profile photo (WebP made by the server); a malformed name is one that does not exist. */
  getPhotosByName: endpoint({
    method: 'GET',
    path: '/uploads/photos/:name',
    params: z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.webp$/, 'Not found') }),
  }),
};
