import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Zod's JSON Schema, read the way fast-json-stringify writes fastest and as Zod encodes:
 * - `anyOf: [X, { type: 'null' }]` (a nullable field) becomes X with `nullable: true` (an enum's
 *   values with null among them), which the writer writes directly, where anyOf makes it test each
 *   value against the branches first;
 * - `additionalProperties: false` is dropped: the writer leaves out undeclared fields anyway (as Zod
 *   strips them), and in a branch test it would refuse a value that merely carries more fields.
 */
const simplify = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const schema: JsonSchema = {};
  for (const [key, value] of Object.entries(node))
    if (!(key === 'additionalProperties' && value === false)) schema[key] = simplify(value);
  const branches = schema.anyOf as JsonSchema[] | undefined;
  if (branches?.length === 2) {
    const nullIndex = branches.findIndex(
      (branch) => branch.type === 'null' && Object.keys(branch).length === 1,
    );
    const other = branches[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && !other.anyOf) {
      const { anyOf: _, ...rest } = schema;
      // `nullable` does not widen an enum: null joins its values, or a branch test refuses a null.
      const values = Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {};
      return { ...rest, ...other, ...values, nullable: true };
    }
  }
  return schema;
};

/** The JSON Schema of a response's output: what fast-json-stringify compiles a writer from. */
export const responseJsonSchema = (schema: z.ZodType): JsonSchema =>
  simplify(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' })) as JsonSchema;

/** Compiled once per schema object, shared by every app of the process (tests build many). */
const writers = new WeakMap<z.ZodType, (data: unknown) => string>();

type FastJsonSchema = Parameters<typeof fastJson>[0];

/**
 * The writer of a JSON Schema. An answer that is either a list or an object (`z.union([z.array(x),
 * listResponse(x)])`, the lists' `showAll`) gets a writer per branch, chosen by `Array.isArray`:
 * fast-json-stringify would choose its anyOf branch by validating the whole answer against each
 * (about two thirds of a campaign page's time went there).
 */
const compile = (json: JsonSchema): ((data: unknown) => string) => {
  const branches = json.anyOf as JsonSchema[] | undefined;
  const array = branches?.find((branch) => branch.type === 'array');
  const object = branches?.find((branch) => branch.type === 'object');
  if (branches?.length === 2 && array && object) {
    const { anyOf: _, ...shared } = json;
    const writeArray = fastJson({ ...shared, ...array } as unknown as FastJsonSchema);
    const writeObject = fastJson({ ...shared, ...object } as unknown as FastJsonSchema);
    return (data) => (Array.isArray(data) ? writeArray(data) : writeObject(data));
  }
  return fastJson(json as unknown as FastJsonSchema);
};

const writerOf = (schema: z.ZodType) => {
  let writer = writers.get(schema);
  if (!writer) {
    writer = compile(responseJsonSchema(schema));
    writers.set(schema, writer);
  }
  return writer;
};

/**
 * Answers are written by a serialiser compiled from each route's response schema (fast-json-stringify,
 * as Fastify does with JSON Schema), not by parsing every answer with Zod first: the contracts' types
 * already hold the services to the schema at compile time, and the writer keeps to it at run time
 * (a field the schema does not name is never sent). Under the test runner every answer is also encoded
 * by Zod and must come out the same, so a schema the writer would read differently fails its tests.
 */
export const createSerializerCompiler =
  (options: { checkWithZod: boolean }): FastifySerializerCompiler<z.ZodType> =>
  ({ schema: maybeSchema, method, url }) => {
    // As fastify-type-provider-zod's own compiler takes it: the schema, or wrapped in `properties`.
    const schema =
      maybeSchema instanceof z.ZodType ? maybeSchema : (maybeSchema as { properties: z.ZodType }).properties;
    const write = writerOf(schema);
    if (!options.checkWithZod) return write;
    return (data) => {
      const encoded = z.safeEncode(schema, data);
      if (!encoded.success) throw new ResponseSerializationError(method, url, { cause: encoded.error });
      const written = write(data);
      const expected = JSON.stringify(encoded.data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
        throw new Error(
          `${method} ${url}: the compiled writer and Zod disagree on an answer\nwriter: ${written.slice(0, 2000)}\nzod:    ${expected.slice(0, 2000)}`,
        );
      return written;
    };
  };
