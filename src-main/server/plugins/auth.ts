// API-key authority for the query operations: `api_key` (41 lower-case hex) must name an active key
// in the user database. OAuth 1.0a joins here later.
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../api-error';
import type { Params } from '../params';

const KEY_SHAPE = /^[0-9a-f]{41}$/;

export function requireApiKey(request: FastifyRequest, params: Params): void {
  const key = params.all.get('api_key');
  if (key === undefined || key === '') throw new ApiError('UNAUTHORIZED', 'Parameter "api_key" is required: create a key in Settings or with `moecat keys create`.');
  if (!KEY_SHAPE.test(key) || !request.server.deps.userDb.isActiveKey(key)) {
    throw new ApiError('UNAUTHORIZED', 'Parameter "api_key" is not an active API key.');
  }
}
