import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/**
 * Validates request parts with their Zod schemas and hands the ZodError itself to the error handler,
 * which names each bad field from its issues. Fastify passes a missing body as null; it is given to
 * Zod as undefined so that a required body is reported as required, not as a wrong type.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data === null ? undefined : data);
    return result.success ? { value: result.data } : { error: result.error };
  };
