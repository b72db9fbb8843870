/**
 * Export of a rendered chart: its SVG as an .svg file or a .png picture, its data as .csv.
 * The SVG carries Vazirmatn inline, because an SVG drawn as an image cannot use the page's fonts.
 */
import arabicFont from '@fontsource/vazirmatn/files/vazirmatn-arabic-400-normal.woff2?url';
import latinFont from '@fontsource/vazirmatn/files/vazirmatn-latin-400-normal.woff2?url';
import { download } from '../ui/download';

let fontCss: Promise<string> | null = null;

async function dataUrl(url: string): Promise<string> {
  const blob = await (await fetch(url)).blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

function embeddedFontCss(): Promise<string> {
  fontCss ??= Promise.all([dataUrl(arabicFont), dataUrl(latinFont)]).then(
    ([arabic, latin]) =>
      `@font-face{font-family:Vazirmatn;src:url(${arabic}) format('woff2');unicode-range:U+0600-06FF,U+200C-200E,U+FB50-FDFF,U+FE70-FEFC}` +
      `@font-face{font-family:Vazirmatn;src:url(${latin}) format('woff2');unicode-range:U+0000-00FF}` +
      `text{font-family:Vazirmatn,sans-serif}`,
  );
  return fontCss;
}

export async function standaloneSvg(svg: SVGSVGElement): Promise<string> {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const { width, height } = svg.getBoundingClientRect();
  copy.setAttribute('width', String(Math.round(width)));
  copy.setAttribute('height', String(Math.round(height)));
  const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
  style.textContent = await embeddedFontCss();
  copy.insertBefore(style, copy.firstChild);
  const background = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', '#ffffff');
  copy.insertBefore(background, style.nextSibling);
  return new XMLSerializer().serializeToString(copy);
}

export async function svgToPng(svgText: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d')!;
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function exportSvg(svg: SVGSVGElement, baseName: string): Promise<void> {
  download(new Blob([await standaloneSvg(svg)], { type: 'image/svg+xml' }), `${baseName}.svg`);
}

export async function exportPng(svg: SVGSVGElement, baseName: string): Promise<void> {
  const { width, height } = svg.getBoundingClientRect();
  download(await svgToPng(await standaloneSvg(svg), width, height), `${baseName}.png`);
}

export function exportCsv(csv: string, baseName: string): void {
  download(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${baseName}.csv`);
}
