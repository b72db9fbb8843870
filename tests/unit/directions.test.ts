import { describe, expect, it } from 'vitest';
import { directionLinks, telLinks } from '../../domain/directions';

describe('directionLinks', () => {
  const to = { lat: 37.4747, lon: 57.3314 };
  it('gives each app the destination, and a start to those that take one', () => {
    const links = Object.fromEntries(
      directionLinks(to, 'مرکز (شماره ۱)', { lat: 37.5, lon: 57.3 }).map((l) => [l.app, l.href]),
    );
    expect(links['geo']).toBe(`geo:37.474700,57.331400?q=37.474700,57.331400(${encodeURIComponent('مرکز  شماره ۱')})`);
    expect(links['neshan']).toBe('https://neshan.org/maps/@37.474700,57.331400,17z,0p');
    expect(links['balad']).toBe('https://balad.ir/location?latitude=37.474700&longitude=57.331400&zoom=17');
    expect(links['google']).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=37.474700,57.331400&origin=37.500000,57.300000&travelmode=driving',
    );
    expect(decodeURIComponent(links['osm']!)).toContain('route=37.500000,57.300000;37.474700,57.331400');
  });

  it('leaves the start to the device where there is none', () => {
    const links = Object.fromEntries(directionLinks(to, 'x').map((l) => [l.app, l.href]));
    expect(links['google']).not.toContain('origin');
    expect(decodeURIComponent(links['osm']!)).toContain('route=;37.474700,57.331400');
  });
});

describe('telLinks', () => {
  it('dials Persian and Arabic-Indic digits, without spaces or dashes, one link per number', () => {
    expect(telLinks('۰۵۸-۳۲۲۴ ۵۶۷۸ / ٠٢١ ٨٨٨٨٨٨٨٨')).toEqual([
      { text: '۰۵۸-۳۲۲۴ ۵۶۷۸', href: 'tel:05832245678' },
      { text: '٠٢١ ٨٨٨٨٨٨٨٨', href: 'tel:02188888888' },
    ]);
    expect(telLinks('+98 21 1234 5678، 021-5555')).toEqual([
      { text: '+98 21 1234 5678', href: 'tel:+982112345678' },
      { text: '021-5555', href: 'tel:0215555' },
    ]);
  });

  it('leaves out what is not a number one can dial', () => {
    expect(telLinks('')).toEqual([]);
    expect(telLinks('ندارد')).toEqual([]);
    expect(telLinks('داخلی ۱۲')).toEqual([]);
  });
});
