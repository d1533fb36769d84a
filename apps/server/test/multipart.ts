/**
 * multipart/form-data bodies for `inject`, as a browser's FormData sends them: the uploads, the
 * imports and every form with a file go through the same parser, so the tests build their bodies here.
 */

/** A part: a text field, or a file when it has a file name (its Content-Type only when given). */
export type MultipartPart = { name: string; data: Buffer | string; filename?: string; type?: string };

export const multipart = (parts: readonly MultipartPart[]) => {
  const boundary = 'avluTestBoundary';
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
    ),
    Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** Text fields, then (when given) one file, by default in the field `file` as application/octet-stream. */
export const multipartForm = (
  fields: Record<string, string>,
  file?: { field?: string; data: Buffer; filename: string; type?: string },
) =>
  multipart([
    ...Object.entries(fields).map(([name, data]) => ({ name, data })),
    ...(file
      ? [
          {
            name: file.field ?? 'file',
            data: file.data,
            filename: file.filename,
            type: file.type ?? 'application/octet-stream',
          },
        ]
      : []),
  ]);
