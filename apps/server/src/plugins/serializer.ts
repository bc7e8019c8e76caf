import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type Schema = { [key: string]: unknown };

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNullType = (value: unknown) => isSchema(value) && value.type === 'null' && Object.keys(value).length === 1;
// Values, not schemas: left as they are.
const valueKeywords = new Set(['const', 'enum', 'default', 'examples', 'required']);
const defPrefix = '#/$defs/';

/**
 * A JSON Schema as z.toJSONSchema writes it, with each nullable object, integer or named schema
 * (`anyOf: [X, {type: 'null'}]`) written as X with OpenAPI's `nullable: true`, which
 * fast-json-stringify writes by a null check. It picks an `anyOf` branch by validating the value
 * with ajv instead: compiled on the first response that reaches it (0.3–0.5 s for a run's
 * snapshot, holding every other request up, in every new process) and run on every response after.
 */
export const nullableForSerializer = (root: Schema): Schema => {
  const defs = isSchema(root.$defs) ? root.$defs : {};
  const rewrite = (node: unknown, inlining: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, inlining));
    if (!isSchema(node)) return node;
    const out: Schema = {};
    for (const [key, value] of Object.entries(node)) out[key] = valueKeywords.has(key) ? value : rewrite(value, inlining);
    const { anyOf, ...rest } = out;
    if (!Array.isArray(anyOf) || anyOf.length !== 2) return out;
    const nullAt = anyOf.findIndex(isNullType);
    if (nullAt < 0) return out;
    let other = anyOf[1 - nullAt] as unknown;
    // A named schema is written in place, once (its own references stay references).
    if (isSchema(other) && typeof other.$ref === 'string' && Object.keys(other).length === 1 && other.$ref.startsWith(defPrefix)) {
      const name = other.$ref.slice(defPrefix.length);
      if (inlining.includes(name) || !isSchema(defs[name])) return out;
      other = rewrite(defs[name], [...inlining, name]);
    }
    if (!isSchema(other) || typeof other.type !== 'string' || 'anyOf' in other || 'oneOf' in other || '$ref' in other) return out;
    // Under a union left to ajv, it checks `nullable` too, but `enum` and `const` before it: null must be among them.
    const { const: only, enum: values, ...shape } = other;
    const listed: readonly unknown[] | undefined = Array.isArray(values) ? values : 'const' in other ? [only] : undefined;
    return { ...shape, ...(listed ? { enum: [...listed, null] } : {}), ...rest, nullable: true };
  };
  return rewrite(root, []) as Schema;
};

/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's zod
 * response schema: only the declared fields go out (nothing leaks by accident), without
 * re-validating every response, which cost a tenth of the API's throughput.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJson(
    nullableForSerializer(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })) as unknown as Parameters<typeof fastJson>[0],
  );
