import { z } from 'zod';
import {
  CarerProfileInput,
  CarerReview,
  CarerSearchQuery,
  CarerSearchResult,
  CarersMap,
  CarersMapQuery,
  MatchingCarers,
  MatchingCarersQuery,
  OwnCarerProfile,
  OwnCarerProfileState,
  PublicCarer,
} from '../carers';
import { apiPaths } from '../paths';
import { endpoint, IdParams } from './endpoint';

const errors = [400, 401, 403, 404, 409] as const;

export const carersEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/carers',
    query: CarerSearchQuery,
    responses: { 200: CarerSearchResult },
    errors: [400],
  }),
  getMap: endpoint({
    method: 'GET',
    path: '/api/carers/map',
    query: CarersMapQuery,
    responses: { 200: CarersMap },
    errors: [400],
  }),
  /** Before paying: how many verified carers the search finds for a place and a week (no names). */
  getMatching: endpoint({
    method: 'GET',
    path: '/api/carers/matching',
    query: MatchingCarersQuery,
    responses: { 200: MatchingCarers },
    errors: [400],
  }),
  post: endpoint({
    method: 'POST',
    path: '/api/carers',
    body: CarerProfileInput,
    responses: { 201: OwnCarerProfile },
    errors,
  }),
  getMyProfile: endpoint({
    method: 'GET',
    path: '/api/carers/my-profile',
    responses: { 200: OwnCarerProfile },
    errors,
  }),
  // The web app's form of the call above: no profile yet is an ordinary state of a new carer.
  getCarerProfile: endpoint({
    method: 'GET',
    path: apiPaths.ownCarerProfile,
    responses: { 200: OwnCarerProfileState },
    errors: [401, 403],
  }),
  getById: endpoint({
    method: 'GET',
    path: '/api/carers/:id',
    params: IdParams,
    responses: { 200: PublicCarer },
    errors: [404],
  }),
  putById: endpoint({
    method: 'PUT',
    path: '/api/carers/:id',
    params: IdParams,
    body: CarerProfileInput,
    responses: { 200: OwnCarerProfile },
    errors,
  }),
  /** Multipart: the field "photo". */
  postByIdPhoto: endpoint({
    method: 'POST',
    path: '/api/carers/:id/photo',
    consumes: ['multipart/form-data'],
    params: IdParams,
    responses: { 200: OwnCarerProfile },
    errors,
  }),
  getByIdReviews: endpoint({
    method: 'GET',
    path: '/api/carers/:id/reviews',
    params: IdParams,
    responses: { 200: z.array(CarerReview) },
    errors: [404],
  }),
};
