/**
 * What the map has drawn, read from its pixels: a screenshot of the map element, counted for the colours
 * only the markers and bubbles use. The basemap (sea blue, cream land, grey borders and labels) has neither
 * the bubbles' deep teal nor the pins' red, so a count near zero means nothing is drawn, whatever the
 * map's machine says it holds.
 */
import type { Locator } from 'playwright-core';
import { PNG } from 'pngjs';

export interface Ink {
  name: string;
  matches(r: number, g: number, b: number): boolean;
}

/** The cluster bubbles' teal (11, 110, 79 at 86% over any land or sea). */
export const BUBBLE_INK: Ink = {
  name: 'bubble teal',
  matches: (r, g, b) => g - r > 45 && g - b > 12 && g < 160 && r < 90,
};

/** The pins' and dots' red (192, 57, 43, edged in 123, 36, 28). */
export const PIN_INK: Ink = { name: 'pin red', matches: (r, g, b) => r > 110 && r - g > 80 && r - b > 80 };

/**
 * The towns' muted violet (the dot 109, 90, 140; the name 74, 64, 96): blue above red above green, which no
 * other colour of the map is (the sea is greener than red, the borders and province names nearly grey).
 */
export const TOWN_INK: Ink = { name: 'town violet', matches: (r, g, b) => b - g > 25 && b - r > 15 && r > g + 5 };

export interface InkCount {
  pixels: number;
}

/** Counts the pixels of `ink` in what `element` shows now (a screenshot: what a person sees). */
export async function countInk(
  element: Locator,
  ink: Ink,
  region?: { x: number; y: number; width: number; height: number },
): Promise<InkCount> {
  const shot = await element.screenshot({ animations: 'disabled', scale: 'css' });
  const png = PNG.sync.read(shot);
  const x0 = Math.max(0, Math.floor(region?.x ?? 0));
  const y0 = Math.max(0, Math.floor(region?.y ?? 0));
  const x1 = Math.min(png.width, Math.ceil(region ? region.x + region.width : png.width));
  const y1 = Math.min(png.height, Math.ceil(region ? region.y + region.height : png.height));
  let pixels = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * png.width + x) * 4;
      if (ink.matches(png.data[i]!, png.data[i + 1]!, png.data[i + 2]!)) pixels++;
    }
  }
  return { pixels };
}
