import vazirmatnUrl from 'vazirmatn/fonts/webfonts/Vazirmatn-Regular.woff2?url';
import { buildSvg, type SvgExportOptions } from './svg-export.ts';

/**
 * Saving the graph as a file in the browser: the SVG from buildSvg with Vazirmatn embedded (the
 * regular weight, ~50 kB, fetched only when exporting), and a PNG drawn from that SVG on a canvas.
 */

/** Canvas limits (Chromium): 32,767 px a side and 268 M pixels in all. */
const MAX_SIDE = 32_000;
const MAX_AREA = 250_000_000;

function save(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

let font: Promise<string | null> | null = null;
/** The font as a data: URL (null when it cannot be read: the SVG then names the family only). */
function fontDataUrl(): Promise<string | null> {
  font ??= fetch(vazirmatnUrl)
    .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
    .then(
      (blob) =>
        new Promise<string>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result).replace(/^data:[^;,]*/, 'data:font/woff2'));
          reader.onerror = () => reject(reader.error);
          reader.readAsDataURL(blob);
        }),
    )
    .catch(() => {
      font = null;
      return null;
    });
  return font;
}

/** The theme's control-path colour as the canvas draws it. */
function pathColour(): string | undefined {
  const value = getComputedStyle(document.documentElement).getPropertyValue('--color-fourth-strong').trim();
  return value || undefined;
}

type Drawing = Omit<SvgExportOptions, 'fontFace' | 'pathColour'>;

export async function svgDocument(drawing: Drawing): Promise<string> {
  const url = await fontDataUrl();
  return buildSvg({
    ...drawing,
    pathColour: pathColour(),
    fontFace: url ? { family: 'Vazirmatn', url } : undefined,
  });
}

export async function downloadSvg(drawing: Drawing, stem: string): Promise<void> {
  save(new Blob([await svgDocument(drawing)], { type: 'image/svg+xml;charset=utf-8' }), `${stem}.svg`);
}

/** The scale the PNG is drawn at: 2×, less for a graph too large for a canvas at 2×. */
export function pngScale(width: number, height: number): number {
  return Math.min(
    2,
    MAX_SIDE / Math.max(1, width),
    MAX_SIDE / Math.max(1, height),
    Math.sqrt(MAX_AREA / Math.max(1, width * height)),
  );
}

export async function downloadPng(drawing: Drawing, stem: string): Promise<void> {
  const svg = await svgDocument(drawing);
  const { width, height } = drawing.layout;
  const scale = pngScale(width, height);
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!png) throw new Error('the canvas gave no PNG');
    save(png, `${stem}.png`);
  } finally {
    URL.revokeObjectURL(url);
  }
}
