import { randomBytes } from 'node:crypto';

/** Where files are read: `/api/files/<name>`; a stored URL of a public file is exactly this. */
export const FILES_PATH = '/api/files/';

const FILE_NAME = /^[A-Za-z0-9_-]{43}\.[a-z0-9]{1,8}$/;

/** A name the server could have made: 43 base64url characters and an extension (nothing else reaches the disk). */
export const isFileName = (name: string) => FILE_NAME.test(name);

/** 256 random bits in base64url and the extension: no time, process or counter to guess from. */
export const newFileName = (extension: string) => `${randomBytes(32).toString('base64url')}.${extension}`;

/** The file name a stored public URL (`/api/files/<name>`) points to, or undefined for any other string. */
export const fileNameOfUrl = (url: string) => {
  if (!url.startsWith(FILES_PATH)) return undefined;
  const name = url.slice(FILES_PATH.length);
  return isFileName(name) ? name : undefined;
};
