import { z } from 'zod';
import { SavedCarers } from '../carers';
import { endpoint } from './endpoint';

const CarerParams = z.object({ carerId: z.string().max(64) });
const errors = [401, 403, 404] as const;

export const savedCarersEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/saved-carers', responses: { 200: SavedCarers }, errors }),
  putByCarerId: endpoint({
    method: 'PUT',
    path: '/api/saved-carers/:carerId',
    params: CarerParams,
    responses: { 204: z.null() },
    errors,
  }),
  deleteByCarerId: endpoint({
    method: 'DELETE',
    path: '/api/saved-carers/:carerId',
    params: CarerParams,
    responses: { 204: z.null() },
    errors,
  }),
};
