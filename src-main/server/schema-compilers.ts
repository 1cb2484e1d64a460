// Fastify's own schema compilers (ajv for validation, fast-json-stringify for serialisation), loaded
// when a route first needs one instead of when a Fastify instance is made: Fastify requires
// @fastify/ajv-compiler in its constructor, and loading ajv cost ~40 ms of every start-up (DESIGN.md §6
// ready) although the server's routes validate with their own readers (params.ts) and declare no
// validation or response schemas. The modules are resolved from fastify's own folder, so they are the
// ones Fastify would have loaded itself.
// One difference, Fastify's: a compiler supplied this way counts as custom, and for custom compilers
// Fastify leaves the keys of a `headers` schema as written instead of lower-casing them — write header
// schemas in lower case.
import type { FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type Factories = NonNullable<SchemaController['compilersFactory']>;

let fastifyRequire: NodeRequire | undefined;
function load<T>(name: string): T {
  fastifyRequire ??= createRequire(createRequire(import.meta.url).resolve('fastify'));
  return fastifyRequire(name) as T;
}

let buildValidator: NonNullable<Factories['buildValidator']> | undefined;
let buildSerializer: NonNullable<Factories['buildSerializer']> | undefined;

/** The `schemaController` option of every Fastify instance the server makes. */
export function lazySchemaController(): SchemaController {
  return {
    compilersFactory: {
      buildValidator: (externalSchemas, options) => {
        buildValidator ??= load<() => NonNullable<Factories['buildValidator']>>('@fastify/ajv-compiler')();
        return buildValidator(externalSchemas, options);
      },
      buildSerializer: (externalSchemas, options) => {
        buildSerializer ??= load<() => NonNullable<Factories['buildSerializer']>>('@fastify/fast-json-stringify-compiler')();
        return buildSerializer(externalSchemas, options);
      },
    },
  };
}
