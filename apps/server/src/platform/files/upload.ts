import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 413);

/**
 * What went wrong reading a multipart body, in the error model: over the size or part limits 413, not
 * multipart at all 415, anything else the client sent (a broken body) 400.
 */
const uploadError = (error: unknown, contentType: string | undefined) => {
  if (error instanceof AppError) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return tooLarge();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 415, { params: { type: contentType ?? '' } });
  return new AppError('BAD_REQUEST', 400);
};

/**
 * The one file of a multipart body, in field `field`, read into memory (the route's multipart limits
 * bound its size). Another field, a second file or no file at all answer in the error model.
 */
export const readUploadedFile = async (request: FastifyRequest, field: string): Promise<Buffer> => {
  let data: Buffer | undefined;
  try {
    // Read to the end: a second part must fail the upload (the parts limit), not be ignored.
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== field)
        throw new AppError('VALIDATION_FAILED', 400, { fields: { [part.fieldname]: 'unknownField' } });
      if (data) throw tooLarge();
      data = await part.toBuffer();
    }
  } catch (error) {
    throw uploadError(error, request.headers['content-type']);
  }
  if (!data) throw new AppError('VALIDATION_FAILED', 400, { fields: { [field]: 'required' } });
  return data;
};

/**
 * A multipart form of text fields and one file (`POST /coupons/code-parser`: `campaignId` and
 * `file`): the named text fields as strings and the file read into memory. An unknown field, a
 * second file or a field given twice answer 400 naming it, like `readUploadedFile`; the caller
 * parses the fields with its contracts schema.
 */
export const readUploadedForm = async (
  request: FastifyRequest,
  fileField: string,
  textFields: readonly string[],
): Promise<{ data: Buffer; fields: Record<string, string> }> => {
  const { data, fields } = await readUploadedFormFileOptional(request, fileField, textFields);
  if (!data) throw new AppError('VALIDATION_FAILED', 400, { fields: { [fileField]: 'required' } });
  return { data, fields };
};

/**
 * `readUploadedForm` for a form whose file may be left out (a change that keeps the file it has):
 * the same refusals, and `data` undefined when no file came.
 */
export const readUploadedFormFileOptional = async (
  request: FastifyRequest,
  fileField: string,
  textFields: readonly string[],
): Promise<{ data: Buffer | undefined; fields: Record<string, string> }> => {
  let data: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field' && textFields.includes(part.fieldname) && !(part.fieldname in fields)) {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.type !== 'file' || part.fieldname !== fileField)
        throw new AppError('VALIDATION_FAILED', 400, { fields: { [part.fieldname]: 'unknownField' } });
      if (data) throw tooLarge();
      data = await part.toBuffer();
    }
  } catch (error) {
    throw uploadError(error, request.headers['content-type']);
  }
  return { data, fields };
};
