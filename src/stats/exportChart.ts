/**
 * Export of a rendered chart: its SVG as an .svg file or a .png picture, its data as .csv. A picture says
 * what it shows on its own, as OWID's do: the type and chart above it, the filters and dates, its legend and
 * its sources below. The SVG carries Vazirmatn inline, because an SVG drawn as an image cannot use the page's
 * fonts; `font-display: swap` draws its words in a fallback font rather than none while that font is read
 * (the first PNG of a Persian page came out with no text at all).
 */
import arabicFont from '@fontsource/vazirmatn/files/vazirmatn-arabic-400-normal.woff2?url';
import latinFont from '@fontsource/vazirmatn/files/vazirmatn-latin-400-normal.woff2?url';
import { download } from '../ui/download';
import { PAGE_DIRECTION } from '../i18n/language';

/** What a picture says about itself, beside the chart. */
export interface ExportCaption {
  /** The type and the chart, in one line above it. */
  title: string;
  /** Lines under the title: what it counts (filters in force, the measure, a card's own choice). */
  lines: readonly string[];
  /** Then the data's date and the day the picture was made. */
  dates: readonly string[];
  /** Lines at its foot: where its figures come from. */
  sources: readonly string[];
}

/** A chart's legend as the page draws it (in HTML, beside the SVG): each colour with its words. */
export interface LegendItem {
  colour: string;
  label: string;
}

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
      `@font-face{font-family:Vazirmatn;font-display:swap;src:url(${arabic}) format('woff2');unicode-range:U+0600-06FF,U+200C-200E,U+FB50-FDFF,U+FE70-FEFC}` +
      `@font-face{font-family:Vazirmatn;font-display:swap;src:url(${latin}) format('woff2');unicode-range:U+0000-00FF}` +
      `text{font-family:Vazirmatn,sans-serif}`,
  );
  return fontCss;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const MARGIN = 12;
const TITLE_PX = 15;
const LINE_PX = 12;
const LEADING = 1.5;

function svgElement(name: string, attributes: Record<string, string | number>): SVGElement {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

/** A line of words from the reader's side (the right on a Persian page), `inset` further in. */
function textLine(words: string, width: number, y: number, size: number, { bold = false, inset = 0 } = {}): SVGElement {
  const rtl = PAGE_DIRECTION === 'rtl';
  const text = svgElement('text', {
    x: rtl ? width - MARGIN - inset : MARGIN + inset,
    y,
    direction: rtl ? 'rtl' : 'ltr',
    'text-anchor': 'start',
    'font-size': size,
    'font-weight': bold ? 700 : 400,
    fill: '#212529',
  });
  text.textContent = words;
  return text;
}

/**
 * The chart's SVG, standing alone: fonts inline, a white ground, and, given a caption, its title and lines
 * above, its legend and sources below.
 */
export async function standaloneSvg(
  svg: SVGSVGElement,
  caption: ExportCaption | null = null,
  legend: readonly LegendItem[] = [],
): Promise<{ text: string; width: number; height: number }> {
  const chart = svg.cloneNode(true) as SVGSVGElement;
  const box = svg.getBoundingClientRect();
  const chartWidth = Math.round(box.width);
  const chartHeight = Math.round(box.height);
  chart.setAttribute('width', String(chartWidth));
  chart.setAttribute('height', String(chartHeight));
  const width = chartWidth;
  const under = caption ? [...caption.lines, ...caption.dates] : [];
  const header = caption ? MARGIN + TITLE_PX * LEADING + under.length * LINE_PX * LEADING + MARGIN / 2 : 0;
  const footer = caption ? MARGIN / 2 + (legend.length + caption.sources.length) * LINE_PX * LEADING + MARGIN : 0;
  const height = Math.round(header + chartHeight + footer);
  const root = svgElement('svg', { xmlns: SVG_NS, width, height, viewBox: `0 0 ${width} ${height}` });
  const style = svgElement('style', {});
  style.textContent = await embeddedFontCss();
  root.append(style, svgElement('rect', { width: '100%', height: '100%', fill: '#ffffff' }));
  chart.setAttribute('x', '0');
  chart.setAttribute('y', String(header));
  root.append(chart);
  if (caption) {
    let y = MARGIN + TITLE_PX;
    root.append(textLine(caption.title, width, y, TITLE_PX, { bold: true }));
    for (const line of under) root.append(textLine(line, width, (y += LINE_PX * LEADING), LINE_PX));
    y = header + chartHeight + MARGIN / 2;
    const rtl = PAGE_DIRECTION === 'rtl';
    for (const item of legend) {
      y += LINE_PX * LEADING;
      const swatchX = rtl ? width - MARGIN - LINE_PX : MARGIN;
      root.append(
        svgElement('rect', { x: swatchX, y: y - LINE_PX + 2, width: LINE_PX, height: LINE_PX, fill: item.colour }),
        textLine(item.label, width, y, LINE_PX, { inset: LINE_PX + 6 }),
      );
    }
    for (const source of caption.sources) root.append(textLine(source, width, (y += LINE_PX * LEADING), LINE_PX - 1));
  }
  return { text: new XMLSerializer().serializeToString(root), width, height };
}

/** The legend drawn beside a chart (`.map-legend`'s items), read from the page as shown. */
export function legendBeside(container: Element | null): LegendItem[] {
  if (!container) return [];
  return [...container.querySelectorAll<HTMLElement>('.map-legend li')].map((item) => ({
    colour: getComputedStyle(item.querySelector<HTMLElement>('.legend-swatch') ?? item).backgroundColor,
    label: (item.textContent ?? '').trim(),
  }));
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

export async function exportSvg(
  svg: SVGSVGElement,
  baseName: string,
  caption: ExportCaption | null = null,
  legend: readonly LegendItem[] = [],
): Promise<void> {
  const { text } = await standaloneSvg(svg, caption, legend);
  download(new Blob([text], { type: 'image/svg+xml' }), `${baseName}.svg`);
}

export async function exportPng(
  svg: SVGSVGElement,
  baseName: string,
  caption: ExportCaption | null = null,
  legend: readonly LegendItem[] = [],
): Promise<void> {
  const { text, width, height } = await standaloneSvg(svg, caption, legend);
  download(await svgToPng(text, width, height), `${baseName}.png`);
}

export function exportCsv(csv: string, baseName: string): void {
  download(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${baseName}.csv`);
}
