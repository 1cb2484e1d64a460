// Authority for the query operations: `api_key` (41 lower-case hex) naming an active key in the user
// database, or an OAuth 1.0a request signed with an access token (../oauth/verify.ts), which also acts
// for the user (their favourites show in the answer).
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../api-error';
import { carriesOAuth, verifyOAuth } from '../oauth/verify';
import type { RawValue } from '../operations/define';

const KEY_SHAPE = /^[0-9a-f]{41}$/;

export function requireApiKey(request: FastifyRequest, key: RawValue | undefined): void {
  if (key === undefined || key === '')
    throw new ApiError('UNAUTHORIZED', 'Parameter "api_key" is required: create a key in Settings or with `moecat keys create`.');
  if (typeof key !== 'string' || !KEY_SHAPE.test(key) || !request.server.deps.userDb.isActiveKey(key)) {
    throw new ApiError('UNAUTHORIZED', 'Parameter "api_key" is not an active API key.');
  }
}

/**
 * An OAuth-signed request must be valid as such (a 400 or 401 otherwise, whatever else it carries);
 * any other request needs an active `api_key`. Answers which of the two authorised it.
 */
export function requireApiKeyOrOAuth(request: FastifyRequest, input: Map<string, RawValue>): 'api-key' | 'oauth' {
  if (carriesOAuth(request)) {
    verifyOAuth(request, 'resource');
    return 'oauth';
  }
  requireApiKey(request, input.get('api_key'));
  return 'api-key';
}
