/** The service worker's keys for the map's box reads, and which kept box stands in offline for an asked one. */
import { describe, expect, it } from 'vitest';
import { closestKept, coveredShare, isMapRead, keyOf } from '../../sw/mapReads';

const ORIGIN = 'http://makan.test';
const clusters = (box: string, zoom = 8, extra = '') =>
  `${ORIGIN}/api/TVTOBase/OrglocationMap/T?${new URLSearchParams(`${box}&zoom=${zoom}${extra}`).toString()}`;
const box = (minLat: number, minLon: number, maxLat: number, maxLon: number) =>
  `minLat=${minLat}&minLon=${minLon}&maxLat=${maxLat}&maxLon=${maxLon}`;

describe('map reads offline', () => {
  it('knows the box reads from the rest', () => {
    expect(isMapRead(new URL(`${ORIGIN}/api/Map/LazyLoad/T`), 'POST')).toBe(true);
    expect(isMapRead(new URL(clusters(box(1, 2, 3, 4))), 'GET')).toBe(true);
    expect(isMapRead(new URL(`${ORIGIN}/api/TVTOBase/OrglocationMap/T`), 'GET')).toBe(false); // province bubbles
    expect(isMapRead(new URL(`${ORIGIN}/api/meta`), 'GET')).toBe(false);
  });

  it('keys a POST by its box and its Accept, so the JSON and compact answers stay apart', async () => {
    const post = (accept: string) =>
      new Request(`${ORIGIN}/api/Map/LazyLoad/T?gender=a`, {
        method: 'POST',
        headers: { accept, 'content-type': 'application/json' },
        body: JSON.stringify({ MinLat: 35, MinLon: 51, MaxLat: 36, MaxLon: 52 }),
      });
    const json = new URL(await keyOf(post('application/json')));
    expect(Object.fromEntries(json.searchParams)).toEqual({
      accept: 'application/json',
      gender: 'a',
      maxLat: '36',
      maxLon: '52',
      minLat: '35',
      minLon: '51',
    });
    expect(await keyOf(post('application/vnd.makan.points'))).not.toBe(json.toString());
  });

  it('stands in the kept box of the same kind that covers most of the asked one', () => {
    const asked = clusters(box(35, 51, 36, 52));
    const kept = [
      clusters(box(35.5, 51, 36.5, 52)), // half
      clusters(box(35.0001, 51.0001, 36.0001, 52.0001)), // nearly all: the same view, a hair apart
      clusters(box(35, 51, 36, 52), 9.5), // a zoom too far
      clusters(box(35, 51, 36, 52), 8, '&gender=a'), // other filters
      `${ORIGIN}/api/TVTOBase/OrglocationMap/U?${new URLSearchParams(`${box(35, 51, 36, 52)}&zoom=8`)}`, // another type
    ];
    expect(closestKept(asked, kept)).toBe(kept[1]);
    expect(closestKept(asked, [kept[0]!])).toBe(kept[0]);
    expect(closestKept(asked, kept.slice(2))).toBeNull();
    expect(closestKept(asked, [clusters(box(40, 60, 41, 61))])).toBeNull(); // no overlap
  });

  it('stands in a near zoom (the second visit fitted 5.60 where the first fitted 5.67), the same zoom first', () => {
    const asked = clusters(box(25, 44, 40, 63), 5.6);
    const first = clusters(box(25.1, 44, 40, 63), 5.67);
    expect(closestKept(asked, [first])).toBe(first);
    const same = clusters(box(25.1, 44, 40, 63), 5.6);
    expect(closestKept(asked, [first, same])).toBe(same);
    // A box wholly covered a zoom away beats a sliver at the same zoom.
    const sliver = clusters(box(39, 62, 40, 63), 5.6);
    expect(closestKept(asked, [sliver, first])).toBe(first);
    expect(closestKept(asked, [clusters(box(25, 44, 40, 63), 7)])).toBeNull();
    expect(
      coveredShare({ minLat: 0, minLon: 0, maxLat: 2, maxLon: 2 }, { minLat: 1, minLon: 1, maxLat: 3, maxLon: 3 }),
    ).toBe(0.25);
  });
});
