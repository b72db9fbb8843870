/**
 * Ways to get to a location from a phone or a browser: directions in the apps people in Iran use (Neshan,
 * Balad) and the international ones (Google Maps, OpenStreetMap), the device's own map app (a geo: URI),
 * and phone numbers as tel: links. URL formats as the services document or accept them in shared links.
 */
import { foldText } from './text';
import { phonePieces } from './phone';

export interface LatLon {
  lat: number;
  lon: number;
}

export type DirectionsApp = 'geo' | 'neshan' | 'balad' | 'google' | 'osm';

/** Six decimals: about 10 cm, finer than any location here is known. */
const coordinate = (value: number) => value.toFixed(6);
const pair = (p: LatLon) => `${coordinate(p.lat)},${coordinate(p.lon)}`;

/** Where each app shows the way to `to` (from `from` where the app takes a start; else from the device). */
export function directionLinks(to: LatLon, name: string, from?: LatLon): { app: DirectionsApp; href: string }[] {
  const label = encodeURIComponent(name.replace(/[()]/g, ' ').trim());
  return [
    { app: 'geo', href: `geo:${pair(to)}?q=${pair(to)}(${label})` },
    { app: 'neshan', href: `https://neshan.org/maps/@${pair(to)},17z,0p` },
    {
      app: 'balad',
      href: `https://balad.ir/location?latitude=${coordinate(to.lat)}&longitude=${coordinate(to.lon)}&zoom=17`,
    },
    {
      app: 'google',
      href: `https://www.google.com/maps/dir/?api=1&destination=${pair(to)}${from ? `&origin=${pair(from)}` : ''}&travelmode=driving`,
    },
    {
      app: 'osm',
      href: `https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=${encodeURIComponent(`${from ? pair(from) : ''};${pair(to)}`)}`,
    },
  ];
}

/**
 * The numbers in a phone or fax field as tel: links: the field may hold several (separated by a slash, a
 * comma or the Persian comma), written with Persian or Arabic-Indic digits, spaces and dashes. A piece
 * with fewer than four digits is not a number anyone can dial and is left out.
 */
export function telLinks(field: string): { text: string; href: string }[] {
  return phonePieces(field).flatMap((text) => {
    const folded = foldText(text);
    const digits = folded.replace(/[^\d]/g, '');
    if (digits.length < 4) return [];
    return [{ text, href: `tel:${folded.trim().startsWith('+') ? '+' : ''}${digits}` }];
  });
}
