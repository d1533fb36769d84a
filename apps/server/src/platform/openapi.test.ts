import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper';

const ctx = useTestApp();

describe('OpenAPI document', () => {
  it('lists every API route with its schemas, the client headers and the error model', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    // Every module adds paths; these stand for the platform's and the first modules'.
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/core/auth/login',
        '/api/core/admin/profile',
        '/api/core/locations',
        '/api/core/locations/{id}',
        '/api/health',
        '/api/ready',
      ]),
    );
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true);

    const list = document.paths['/api/core/locations'].get;
    const parameters = list.parameters.map(
      (parameter: { in: string; name: string }) => `${parameter.in}:${parameter.name}`,
    );
    expect(parameters).toEqual(
      expect.arrayContaining([
        'query:limit',
        'query:currentPage',
        'query:keyword',
        'query:orderBy',
        'query:locationId',
        'header:accept-language',
        'header:timezone-offset',
        'header:request-time',
      ]),
    );
    const ok = list.responses['200'].content['application/json'].schema;
    expect(ok.properties).toHaveProperty('data');
    expect(ok.properties).toHaveProperty('pagination');
    expect(list.responses['4XX'].content['application/json'].schema.required).toEqual([
      'statusCode',
      'code',
      'message',
    ]);

    const one = document.paths['/api/core/locations/{id}'].get;
    expect(one.parameters).toContainEqual(
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
    );
  });

  it('says which token each route needs', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(document.components.securitySchemes)).toEqual(['staffToken', 'microSiteToken']);
    expect(document.paths['/api/core/auth/login'].post.security).toEqual([]);
    expect(document.paths['/api/core/locations'].get.security).toEqual([{ staffToken: [] }]);
    expect(document.paths['/api/ext/customers/check'].post.security).toEqual([{ microSiteToken: [] }]);
    expect(document.paths['/api/ext/app/customers/profile'].get.security).toEqual([{ microSiteToken: [] }]);
  });

  it('serves the Swagger UI at /api/docs', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});
