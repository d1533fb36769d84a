import { errorBody, objectId, requestHeaders } from '@avlu/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serverVersion } from './paths';

type Transform = typeof jsonSchemaTransform;

/** The query as the client sends it: the route's own parameters (the input side of a transform) and `locationId`. */
const documentedQuery = (query: unknown, scoped: boolean) => {
  const locationId = scoped ? objectId : objectId.optional();
  const own = query instanceof z.ZodPipe ? query.in : query;
  return own instanceof z.ZodObject ? own.extend({ locationId }) : z.object({ locationId });
};

/**
 * Documents what every API route shares without making it part of validation: the client headers
 * and `locationId` (read by the request-context hook) and the error model of 4xx and 5xx answers.
 */
const withCommonParts: Transform = (document) => {
  const { schema, route } = document;
  if (!schema || schema.hide) return jsonSchemaTransform(document);
  const headers =
    schema.headers instanceof z.ZodObject ? requestHeaders.extend(schema.headers.shape) : requestHeaders;
  const querystring = documentedQuery(schema.querystring, route.config?.scope === 'location');
  const response = { ...(schema.response as object | undefined), '4XX': errorBody, '5XX': errorBody };
  return jsonSchemaTransform({ ...document, schema: { ...schema, headers, querystring, response } });
};

/** The OpenAPI document built from the routes' Zod schemas, at /api/docs/json, with Swagger UI at /api/docs. */
export const openApi = fp(async (app: FastifyInstance, options: { publicUrl: string | undefined }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Avlu API',
        description: 'Customer data and loyalty platform for shopping malls',
        version: serverVersion,
      },
      servers: options.publicUrl ? [{ url: options.publicUrl }] : [],
    },
    transform: withCommonParts,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
