/** A binary answer: the file's bytes and the name the server gave it. */
export type DownloadedFile = { blob: Blob; filename: string };

/**
 * The file name of a `content-disposition` header. `filename*` (RFC 5987, percent-encoded UTF-8) wins
 * over `filename` because Turkish names such as `müşteriler.xlsx` only survive in that form.
 */
export const filenameFromDisposition = (header: string | null): string | undefined => {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[2]!.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding falls through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (!plain) return undefined;
  const name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]!.trim();
  return name || undefined;
};

/** Hands a downloaded file to the browser's save dialog through a temporary object URL. */
export const saveFile = ({ blob, filename }: DownloadedFile) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking synchronously can cancel the download in some browsers before it has started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
