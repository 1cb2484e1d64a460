// The server's own origin as a request names it (api_url = site_url): the base of every URL an answer
// carries, and the only Origin a write may come from.
import type { FastifyRequest } from 'fastify';

export function siteOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
