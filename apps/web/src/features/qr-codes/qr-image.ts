import { encode } from 'uqr';

/** The downloads' size: 2048 px, 17 cm at 300 dpi, for a poster's code. */
export const PRINT_SIZE = 2048;
/** The logo covers this share of the code's width; high error correction (30 %) reads through it. */
const LOGO_SHARE = 0.22;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The code as a self-contained SVG at print size: its dark modules as one path on white with the
 * 4-module quiet zone, and the mall's logo (a data: URL) on a white square in the middle.
 */
export const qrSvg = (value: string, logo?: string | null): string => {
  const { data } = encode(value, { ecc: 'H', border: 4 });
  const modules = data.length;
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  const logoSize = Math.round(modules * LOGO_SHARE);
  const at = (modules - logoSize) / 2;
  const logoPart = logo
    ? `<rect x="${at - 1}" y="${at - 1}" width="${logoSize + 2}" height="${logoSize + 2}" rx="1" fill="#fff"/><image x="${at}" y="${at}" width="${logoSize}" height="${logoSize}" preserveAspectRatio="xMidYMid meet" href="${escapeXml(logo)}"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${modules} ${modules}" width="${PRINT_SIZE}" height="${PRINT_SIZE}" shape-rendering="crispEdges"><rect width="${modules}" height="${modules}" fill="#fff"/><path d="${path}" fill="#000"/>${logoPart}</svg>`;
};

/** The logo as a data: URL, so the SVG carries it and a canvas drawing it stays readable; null when it can not be read. */
export const logoDataUrl = async (url: string | null | undefined): Promise<string | null> => {
  if (!url) return null;
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const blob = await response.blob();
    return await new Promise((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
      reader.onerror = () => resolve(null);
      reader.readAsDataURL(blob);
    });
  } catch {
    return null;
  }
};

/** The SVG drawn on a canvas of print size, as a PNG. */
export const svgToPng = (svg: string): Promise<Blob> =>
  new Promise((resolve, reject) => {
    const image = new Image();
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = PRINT_SIZE;
      canvas.height = PRINT_SIZE;
      const context = canvas.getContext('2d');
      if (!context) return reject(new Error('no canvas'));
      context.imageSmoothingEnabled = false;
      context.drawImage(image, 0, 0, PRINT_SIZE, PRINT_SIZE);
      URL.revokeObjectURL(url);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png');
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('SVG not drawn'));
    };
    image.src = url;
  });

/** Saves a blob under a file name, as a download. */
export const saveBlob = (blob: Blob, filename: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
