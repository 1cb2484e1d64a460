// What every endpoint of the OpenSubsonic face is handed, and how it reads its parameters: Subsonic names
// may repeat (`id=1&id=2`), so each name holds a list; a missing required one is the spec's error 10, a
// malformed one its error 0.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SubsonicAuthority } from './auth';
import type { Mapper } from './objects';
import { invalid, missing, type Payload } from './response';

export interface SubsonicContext {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  site: string;
  /** Who asked: 'none' only on the endpoints that need no sign-in. */
  auth: SubsonicAuthority | 'none';
  params: Map<string, string[]>;
  m: Mapper;
}

/** What an endpoint answers: the payload beside the status, or the reply it sent itself (a file, a picture). */
export type SubsonicAnswer = Payload | FastifyReply;

export interface Endpoint {
  /** 'key': an API key or the password; 'user': the password only (the user's own data). */
  auth: 'none' | 'key' | 'user';
  handle(ctx: SubsonicContext): SubsonicAnswer | Promise<SubsonicAnswer>;
  /**
   * Whether the answer may be kept in the answer cache (routes.ts): true when it is made of the catalogue
   * alone, and of the user's favourites for the password's sign-in (kept under their stamp); a function
   * says so per request (a random list never is). Left out: never kept.
   */
  keep?: boolean | ((ctx: SubsonicContext) => boolean);
}

export const one = (ctx: SubsonicContext, name: string): string | undefined => ctx.params.get(name)?.[0];
export const all = (ctx: SubsonicContext, name: string): string[] => ctx.params.get(name) ?? [];

export function required(ctx: SubsonicContext, name: string): string {
  const value = one(ctx, name);
  if (value === undefined || value === '') throw missing(name);
  return value;
}

/** A whole number within [min, max]; `fallback` when left out. */
export function int(ctx: SubsonicContext, name: string, fallback: number, min: number, max: number): number;
export function int(ctx: SubsonicContext, name: string, fallback: undefined, min: number, max: number): number | undefined;
export function int(ctx: SubsonicContext, name: string, fallback: number | undefined, min: number, max: number): number | undefined {
  const value = one(ctx, name);
  if (value === undefined || value === '') return fallback;
  if (!/^-?\d{1,15}$/.test(value)) throw invalid(name, 'must be a whole number');
  const n = Number(value);
  if (n < min || n > max) throw invalid(name, `must be from ${min} to ${max}`);
  return n;
}

export function bool(ctx: SubsonicContext, name: string, fallback: boolean): boolean {
  const value = one(ctx, name);
  if (value === undefined || value === '') return fallback;
  if (value !== 'true' && value !== 'false') throw invalid(name, 'must be true or false');
  return value === 'true';
}

/** A page's size and offset: `size` 1…max (default `size`), `offset` ≥ 0. */
export function page(ctx: SubsonicContext, sizeName: string, offsetName: string, size: number, max: number): { size: number; offset: number } {
  return { size: int(ctx, sizeName, size, 0, max), offset: int(ctx, offsetName, 0, 0, 1_000_000_000) };
}
