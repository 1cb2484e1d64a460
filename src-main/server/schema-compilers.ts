// Fastify's own schema compilers (ajv for validation, fast-json-stringify for serialisation), loaded
// when a route first needs one instead of when a Fastify instance is made: Fastify requires
// @fastify/ajv-compiler in its constructor, and loading ajv cost ~40 ms of every start-up (the ready
// target, docs/search-and-performance.md) although the server's routes validate with their own
// readers (params.ts) and declare no validation or response schemas. The modules are resolved from fastify's own folder, so they are the
// ones Fastify would have loaded itself.
// One difference, Fastify's: a compiler supplied this way counts as custom, and for custom compilers
// Fastify leaves the keys of a `headers` schema as written instead of lower-casing them — write header
// schemas in lower case.
import type { BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;

let fastifyRequire: NodeRequire | undefined;
function load<T>(name: string): T {
  fastifyRequire ??= createRequire(createRequire(import.meta.url).resolve('fastify'));
  return fastifyRequire(name) as T;
}

let validatorFactory: BuildCompilerFromPool | undefined;
let serializerFactory: SerializerFactory | undefined;

const buildValidator: BuildCompilerFromPool = (externalSchemas, options) => {
  validatorFactory ??= load<() => BuildCompilerFromPool>('@fastify/ajv-compiler')();
  return validatorFactory(externalSchemas, options);
};

const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  serializerFactory ??= load<() => SerializerFactory>('@fastify/fast-json-stringify-compiler')();
  return serializerFactory(externalSchemas, options);
};

/** The `schemaController` option of every Fastify instance the server makes. */
export function lazySchemaController(): SchemaController {
  return { compilersFactory: { buildValidator, buildSerializer } };
}
