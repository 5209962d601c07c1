import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's own schema compilers (Ajv for input, fast-json-stringify for answers), each route's
 * function built on its first use rather than when the route is added. The gateway has a route
 * per operation (about 180), each with up to three input schemas and three answer schemas; built
 * up front they held 30–45 MB of the gateway's memory (idle RSS 166–183 → 136 MB, measured
 * 2026-11-26), though a console session touches a few dozen routes. What a route checks and how it
 * answers is the same: the same compilers, the same options, called with the same arguments.
 * A schema the compilers refuse now fails its first request (500) instead of the start; the
 * operation fuzz calls every route, so such a schema still fails the tests.
 */
export function lazySchemaCompilers(): NonNullable<FastifyServerOptions['schemaController']> {
  const validators = AjvCompiler();
  const serializers = SerializerSelector();
  // The compilers' own typings name the route argument `AnySchema`; Fastify passes
  // {schema, method, url, httpPart} (or httpStatus), which is what is forwarded here untouched.
  const compilersFactory = {
    buildValidator: (externalSchemas: unknown, options: unknown) => {
      const compile = validators(externalSchemas as never, options as never) as unknown as (
        route: unknown,
      ) => Validate;
      return (route: unknown) => lazyValidator(() => compile(route));
    },
    buildSerializer: (externalSchemas: unknown, options: unknown) => {
      const compile = serializers(externalSchemas as never, options as never);
      return (route: Parameters<typeof compile>[0]) => {
        let serialize: ((doc: unknown) => string) | undefined;
        return (doc: unknown) => {
          serialize ??= compile(route);
          return serialize(doc);
        };
      };
    },
  };
  return { compilersFactory } as NonNullable<FastifyServerOptions['schemaController']>;
}

type Validate = ((data: unknown, cxt?: unknown) => unknown) & { errors?: unknown };

function lazyValidator(compile: () => Validate): Validate {
  let validate: Validate | undefined;
  const lazy: Validate & { schemaEnv?: unknown } = (data, cxt) => {
    validate ??= compile();
    const result = validate(data, cxt);
    lazy.errors = validate.errors;
    return result;
  };
  // Fastify passes the parent object (so Ajv can coerce a whole part in place) to a function with
  // `schemaEnv`, which every Ajv function has; this one forwards it.
  lazy.schemaEnv = true;
  return lazy;
}
