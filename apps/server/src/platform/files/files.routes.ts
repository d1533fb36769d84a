import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { AppError, notFound } from '../errors';
import { newId } from '../ids';
import type { FileStore } from './file-store';
import { detectImage, type ImageExtension, imageTypes } from './image-type';
import { localFileStore } from './local-file-store';
import { readUploadedFile } from './upload';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const fileName = z.strictObject({
  name: z.string().regex(/^[0-9a-f]{24}\.(jpg|png|webp)$/, { message: 'validation.invalid' }),
});
const uploaded = z.object({ url: z.string() });

/**
 * Uploaded images (a profile photo, later campaign images): POST one image, get its address; read it
 * back without signing in, as <img> tags do. Multipart is registered in this plugin only (and in the
 * customer import's), so no other route accepts it.
 */
export const fileRoutes: FastifyPluginAsyncZod<AppDeps & { store?: FileStore }> = async (app, deps) => {
  const store = deps.store ?? localFileStore(path.join(deps.config.dataDir, 'files'));
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 1, parts: 1 } });

  app.post(
    '/files',
    {
      config: {},
      schema: {
        tags: ['files'],
        summary: 'Upload one image (JPEG, PNG or WebP, at most 5 MB), multipart field `file`',
        consumes: ['multipart/form-data'],
        response: { 201: uploaded },
      },
    },
    async (request, reply) => {
      const data = await readUploadedFile(request, 'file');
      const extension = detectImage(data);
      if (!extension)
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, { params: { type: 'JPEG, PNG, WebP' } });
      const name = `${newId()}.${extension}`;
      await store.put(name, data);
      return reply.code(201).send({ url: `/api/files/${name}` });
    },
  );

  app.get(
    '/files/:name',
    {
      config: { auth: 'public' },
      schema: { tags: ['files'], summary: 'An uploaded file', params: fileName },
    },
    async (request, reply) => {
      const file = await store.get(request.params.name);
      if (!file) throw notFound();
      const extension = path.extname(request.params.name).slice(1) as ImageExtension;
      // A name is never reused (new id per upload), so the file can be cached for good.
      return reply
        .header('content-type', imageTypes[extension])
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
};
