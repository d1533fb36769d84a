import { errorBody, objectId, requestHeaders } from '@avlu/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from './auth/route-access';
import { serverVersion } from './paths';

type Transform = typeof jsonSchemaTransform;

/** The query as the client sends it: the route's own parameters (the input side of a transform) and `locationId`. */
const documentedQuery = (query: unknown, scoped: boolean) => {
  const locationId = scoped ? objectId : objectId.optional();
  const own = query instanceof z.ZodPipe ? query.in : query;
  return own instanceof z.ZodObject ? own.extend({ locationId }) : z.object({ locationId });
};

/** Who may call a route (platform/auth/route-access.ts), as OpenAPI security requirements. */
const securityOf = (access: RouteAccess | undefined) => {
  if (access === 'public') return [];
  if (access === 'micro-site' || access === 'customer') return [{ microSiteToken: [] }];
  return [{ staffToken: [] }];
};

/**
 * Documents what every API route shares without making it part of validation: the client headers
 * and `locationId` (read by the request-context hook), the token it needs, and the error model of
 * 4xx and 5xx answers.
 */
const withCommonParts: Transform = (document) => {
  const { schema, route } = document;
  if (!schema || schema.hide) return jsonSchemaTransform(document);
  const headers =
    schema.headers instanceof z.ZodObject ? requestHeaders.extend(schema.headers.shape) : requestHeaders;
  const querystring = documentedQuery(schema.querystring, route.config?.scope === 'location');
  const response = { ...(schema.response as object | undefined), '4XX': errorBody, '5XX': errorBody };
  const security = securityOf(route.config?.auth);
  return jsonSchemaTransform({
    ...document,
    schema: { ...schema, headers, querystring, response, security },
  });
};

/** The OpenAPI document built from the routes' Zod schemas, at /api/docs/json, with Swagger UI at /api/docs. */
export const openApi = fp(async (app: FastifyInstance, options: { ui: boolean }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Avlu API',
        description: 'Customer data and loyalty platform for shopping malls',
        version: serverVersion,
      },
      // No servers: Swagger UI then calls the origin it was loaded from, which is always this server.
      components: {
        securitySchemes: {
          staffToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'A staff session token, from POST /api/core/auth/login',
          },
          microSiteToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The mall’s micro-site token (its address /micro-site/{token}); signed-in customers add the customer-token and customer-id headers',
          },
        },
      },
    },
    transform: withCommonParts,
  });
  if (options.ui) await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
