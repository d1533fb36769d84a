/** Accept lists for the files the back-office takes: images (receipts, logos) and Excel (imports). */
export const acceptPresets = {
  images: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  excel: ['.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  pdf: ['application/pdf'],
} as const;

/**
 * Whether a file fits an accept list of MIME types (`image/png`, `image/*`) and extensions
 * (`.xlsx`). Checked here too because a drop, unlike the file dialog, ignores the input's accept.
 */
export const isAccepted = (file: File, accept: readonly string[] | undefined) => {
  if (!accept?.length) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((rule) => {
    const entry = rule.trim().toLowerCase();
    if (entry.startsWith('.')) return name.endsWith(entry);
    if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
    return type === entry;
  });
};

/** The accept list as a user reads it: `PNG, JPEG, XLSX`. */
export const describeAccept = (accept: readonly string[]) =>
  [
    ...new Set(
      accept.map((rule) => {
        if (rule.startsWith('.')) return rule.slice(1).toUpperCase();
        if (rule.endsWith('/*')) return rule.slice(0, -2);
        if (rule.includes('spreadsheetml')) return 'XLSX';
        return (rule.split('/')[1] ?? rule).toUpperCase();
      }),
    ),
  ].join(', ');

const units = ['B', 'KB', 'MB', 'GB'] as const;

/** A size in the language's number format: `1,5 MB` in Turkish, `1.5 MB` in English. */
export const formatBytes = (bytes: number, language: string) => {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${units[unit]}`;
};

export const isImage = (file: File | string) =>
  typeof file === 'string' ? /\.(png|jpe?g|webp|gif|svg)(\?|$)/i.test(file) : file.type.startsWith('image/');
