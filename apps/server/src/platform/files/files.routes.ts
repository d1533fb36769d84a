import { uploadedFile } from '@avlu/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { AppError, notFound } from '../errors';
import { FILES_PATH, isFileName } from './file-names';
import { sendStoredFile } from './files';
import { readUploadedFile } from './upload';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const fileName = z.strictObject({
  name: z.string().refine(isFileName, { message: 'validation.invalid' }),
});
const signedQuery = z.strictObject({
  expires: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 40)
    .optional(),
  signature: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/)
    .optional(),
});

/**
 * Uploaded images (a profile photo, a mall logo, later campaign images): POST one image, get its
 * address; read it back without signing in, as <img> tags do. Multipart is registered in this plugin
 * only (and in the customer import's), so no other route accepts it. Private files of later modules
 * are read here too, with the signed URL `app.files.signedUrl` made for someone the module allows.
 */
export const fileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 1, parts: 1 } });

  app.post(
    '/files',
    {
      config: {},
      schema: {
        tags: ['files'],
        summary:
          'Upload one image (JPEG, PNG or WebP, at most 5 MB), multipart field `file`; it is re-encoded',
        consumes: ['multipart/form-data'],
        response: { 201: uploadedFile },
      },
    },
    async (request, reply) => {
      const data = await readUploadedFile(request, 'file');
      const file = await app.files.saveImage(db, data, {
        visibility: 'public',
        owner: `admin:${request.staff!._id}`,
      });
      return reply.code(201).send({ url: `${FILES_PATH}${file.name}` });
    },
  );

  app.get(
    '/files/:name',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['files'],
        summary: 'A stored file; a private one only with its signed URL’s expires and signature',
        params: fileName,
        querystring: signedQuery,
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const file = await app.files.find(db, name);
      if (!file) throw notFound();
      if (file.visibility === 'private') {
        const { expires, signature } = request.query;
        if (expires === undefined || !signature || !app.files.verifySignature(name, expires, signature))
          throw new AppError('FILE_LINK_INVALID', 403);
      }
      return sendStoredFile(reply, app.files.store, file);
    },
  );
};
