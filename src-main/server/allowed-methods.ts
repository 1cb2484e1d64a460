// 405 with Allow for the methods a path does not take: the not-found handler's look-up of the methods
// each path takes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';

/**
 * The methods each path takes (onlyAllow), so the server's not-found handler answers the others 405 with
 * `Allow` — one look-up there instead of a route per path for the other methods: 44 such routes of five
 * methods each cost ~10 ms of every start-up (the ready target). `:name` in a URL is one path segment
 * (or, before a suffix, `:id.json`, the segment's start), as in Fastify's router.
 */
export class AllowedMethods {
  private readonly exact = new Map<string, { url: string; allowed: readonly string[] }>();
  private readonly patterns: { match: RegExp; url: string; allowed: readonly string[] }[] = [];

  add(url: string, allowed: readonly string[]): void {
    if (!url.includes(':')) {
      this.exact.set(url, { url, allowed });
      return;
    }
    const source = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+');
    this.patterns.push({ match: new RegExp(`^${source}$`), url, allowed });
  }

  /** The rule of the path (without its query), if some route set one. */
  find(path: string): { url: string; allowed: readonly string[] } | undefined {
    return this.exact.get(path) ?? this.patterns.find((p) => p.match.test(path));
  }
}

/** Answers 405 (with Allow) for every method `url` does not take (see AllowedMethods). */
export function onlyAllow(app: FastifyInstance, url: string, allowed: readonly string[]): void {
  app.allowedMethods.add(url, allowed);
}

/** Throws the 405 answer for `request` when its path takes other methods only (from the not-found handler). */
export function refuseOtherMethods(request: FastifyRequest, reply: FastifyReply, rules: AllowedMethods): void {
  const rule = rules.find(request.url.split('?')[0]);
  if (!rule || rule.allowed.includes(request.method)) return;
  reply.header('allow', rule.allowed.join(', '));
  throw new ApiError(
    'METHOD_NOT_ALLOWED',
    `${request.method} is not allowed on ${rule.url.replace(/\.(json|xml)$/, '')}; use ${rule.allowed.filter((m) => m !== 'HEAD').join(' or ')}.`,
  );
}

/**
 * HEAD is a GET without its body (RFC 9110 §9.3.2). Routes are not given a HEAD twin — one beside every
 * GET route doubled the router's work at start-up (the ready target) — so a HEAD request lands in the
 * not-found handler, which routes it once more as the GET it stands for. Node decided when it made the
 * response that a HEAD answer has no body: the GET's status and headers go out, Content-Length included,
 * and nothing else. Call it after refuseOtherMethods, which refuses HEAD where a path's rule leaves it out.
 */
export function routeHeadAsGet(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'HEAD') return false;
  request.raw.method = 'GET';
  reply.hijack();
  app.routing(request.raw, reply.raw);
  return true;
}
