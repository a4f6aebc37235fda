import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as validatingSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type RouteSchema = Parameters<typeof validatingSerializerCompiler>[0]['schema'];

type JsonSchema = Record<string, unknown>;

/**
 * fast-json-stringify reads `type: ['integer', 'null']` at once but tries each branch of an
 * `anyOf` with a validator: zod writes a nullable number as the latter, so it becomes the former.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { $schema: _, ...rest } = schema as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(rest)) out[key] = simplify(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && other && typeof other.type === 'string' && !('anyOf' in other)) {
      const { anyOf: __, ...siblings } = out;
      return { ...siblings, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The JSON Schema of a zod response schema as it is written (output), for fast-json-stringify. */
export function responseJsonSchema(schema: ZodType): JsonSchema {
  return simplify(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' })) as JsonSchema;
}

/**
 * Production's response serializer: written straight from the route's schema by
 * fast-json-stringify, without checking the data again (the services build it, and the tests run
 * with the validating serializer). Like zod's, it writes only the schema's properties, so a field
 * a service forgot to leave out never reaches a client. A schema JSON Schema cannot express falls
 * back to zod's validating serializer.
 */
export const fastSerializerCompiler: FastifySerializerCompiler<RouteSchema> = (route) => {
  const schema = route.schema instanceof $ZodType ? route.schema : route.schema.properties;
  try {
    return fastJson(
      responseJsonSchema(schema as ZodType) as unknown as Parameters<typeof fastJson>[0],
    );
  } catch {
    return validatingSerializerCompiler(route);
  }
};

/** Zod's serializer: validates every response against its schema (tests and development). */
export { validatingSerializerCompiler };
