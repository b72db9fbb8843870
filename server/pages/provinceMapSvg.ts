/**
 * The map of Iran's 31 provinces as inline SVG for a server-rendered page: each province shaded by the
 * statistics' map rule (domain/colorBuckets.ts: quarters of the largest count), and the type's count of each
 * province in a bubble at its label point, as the country-level map draws its bubbles.
 */
import { bucketOf, NO_DATA_COLOR } from '../../domain/colorBuckets';
import { formatCount, html, trustedHtml, type Html } from './html';
import type { Language } from '../../domain/language';
import { provincePicture } from '../../domain/provincePicture';

const BUBBLE = '#0b6e4f';
const BORDER = '#868e96';
/** In the picture itself, not the page's style: the app shows the same picture in its map's box while loading. */
const TEXT_STYLE =
  'fill="#fff" font-size="10" font-family="Vazirmatn,Tahoma,sans-serif" text-anchor="middle" dominant-baseline="central"';

/** `counts` by province ISO code; `caption` names the picture for assistive technology. */
export function provinceMapSvg(counts: ReadonlyMap<string, number>, language: Language, caption: string): Html {
  const { width, height, shapes } = provincePicture();
  const max = Math.max(0, ...counts.values());
  const paths = shapes
    // A shape's path is numbers the program computed from the bundled outlines, not data anyone sends.
    .map(
      (s) => html`<path d="${trustedHtml(s.d)}" fill="${bucketOf(counts.get(s.iso), max)?.color ?? NO_DATA_COLOR}"/>`,
    );
  const bubbles = shapes
    .filter((s) => (counts.get(s.iso) ?? 0) > 0)
    .map((s) => {
      const count = counts.get(s.iso)!;
      const r = Math.round(Math.min(16, 7 + Math.log10(count) * 3));
      return {
        circle: html`<circle cx="${s.label[0]}" cy="${s.label[1]}" r="${r}"/>`,
        text: html`<text x="${s.label[0]}" y="${s.label[1]}">${formatCount(count, language)}</text>`,
      };
    });
  return html`<figure class="ssr-map" id="ssr-map"><svg viewBox="0 0 ${width} ${height}" role="img" aria-label="${caption}"><g stroke="${BORDER}" stroke-width="0.8" stroke-linejoin="round">${paths}</g><g fill="${BUBBLE}" fill-opacity="0.9" aria-hidden="true">${bubbles.map((b) => b.circle)}</g><g ${trustedHtml(TEXT_STYLE)} aria-hidden="true">${bubbles.map((b) => b.text)}</g></svg><figcaption>${caption}</figcaption></figure>`;
}
