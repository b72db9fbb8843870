/** The in-memory points of a type (server/points/TypePoints.ts) and the compact form they are sent in. */
import KDBush from 'kdbush';
import { describe, expect, it } from 'vitest';
import type { MapLocation } from '../../domain/gateway';
import {
  decodePoints,
  EMPTY_POINTS,
  encodedPointsSize,
  pointsOfLocations,
  PointsFormatError,
} from '../../domain/pointsWire';
import { PointFacetsBuilder } from '../../server/points/PointFacets';
import { PointTexts } from '../../server/points/PointTexts';
import {
  allIds,
  ascending,
  binaryOf,
  idsInBox,
  jsonOf,
  locationOf,
  type TypePoints,
} from '../../server/points/TypePoints';

const places: MapLocation[] = [
  { Lat: 35.7, Long: 51.4, Name: 'هنرستان "نوین"', Guid: 'A0000000-0000-4000-8000-000000000001' },
  { Lat: 29.6, Long: 52.5, Name: 'کارگاه ۱۲', Guid: 'A0000000-0000-4000-8000-000000000002' },
  { Lat: 35.71, Long: 51.41, Name: 'مرکز\\آموزش', Guid: 'A0000000-0000-4000-8000-000000000003' },
];

function typePointsOf(locations: MapLocation[], version = 7): TypePoints {
  const coordinates = new Float64Array(locations.flatMap((l) => [l.Long, l.Lat]));
  const tree = new KDBush(Math.max(1, locations.length));
  locations.forEach((l) => tree.add(l.Long, l.Lat));
  if (locations.length === 0) tree.add(Infinity, Infinity);
  tree.finish();
  // Two points a chunk: three places cross a chunk's end.
  const texts = new PointTexts(2);
  for (let i = 0; i < locations.length; i += 2) texts.append(locations.slice(i, i + 2).map((l) => JSON.stringify(l)));
  const facets = new PointFacetsBuilder();
  facets.append(
    locations.map((l, id) => ({
      id,
      lat: l.Lat,
      lon: l.Long,
      name: l.Name,
      guid: l.Guid,
      provinceKey: 1,
      gender: 'زنانه',
      legal: 'دولتی',
      supervision: '',
    })),
  );
  return {
    typeId: 'T',
    version,
    updatedAt: '2026-11-24T09:00:00.000Z',
    count: locations.length,
    coordinates,
    tree,
    texts,
    facets: facets.build(),
  };
}

describe('TypePoints', () => {
  const points = typePointsOf(places);

  it('finds the ids inside a box, edges included, ascending', () => {
    expect([...idsInBox(points, { minLat: 35, minLon: 51, maxLat: 36, maxLon: 52 })]).toEqual([0, 2]);
    expect([...idsInBox(points, { minLat: 29.6, minLon: 52.5, maxLat: 29.6, maxLon: 52.5 })]).toEqual([1]);
    expect([...idsInBox(typePointsOf([]), { minLat: -90, minLon: -180, maxLat: 90, maxLon: 180 })]).toEqual([]);
  });

  it('puts distinct ids in ascending order, a few by sorting them and many by a walk over the type', () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const share of [0, 0.01, 0.05, 0.2, 0.7, 1]) {
      const ids = Array.from({ length: 2_000 }, (_, id) => id).filter(() => next() < share);
      // In the order a k-d tree gives them: shuffled.
      const shuffled = [...ids].sort(() => next() - 0.5);
      expect([...ascending(Uint32Array.from(shuffled), 2_000)], String(share)).toEqual(ids);
    }
  });

  it('writes the gateway JSON of the ids asked, in their order, byte for byte what JSON.stringify writes', () => {
    expect(jsonOf(points, [2, 0]).toString()).toBe(JSON.stringify([places[2], places[0]]));
    expect(jsonOf(points, allIds(points)).toString()).toBe(JSON.stringify(places));
    expect(jsonOf(points, []).toString()).toBe('[]');
    expect(locationOf(points, 1)).toEqual(places[1]);
  });

  it('encodes the compact form that decodes to the same points, ids and version', () => {
    const body = binaryOf(points, Uint32Array.from([2, 1]));
    expect(body.length).toBe(encodedPointsSize(2));
    const decoded = decodePoints(body.buffer.slice(body.byteOffset, body.byteOffset + body.length) as ArrayBuffer);
    expect(decoded.count).toBe(2);
    expect(decoded.version).toBe(7);
    expect([...decoded.ids]).toEqual([2, 1]);
    expect(decoded.positions[0]).toBeCloseTo(51.41, 5);
    expect(decoded.positions[3]).toBeCloseTo(29.6, 5);
  });
});

describe('PointTexts', () => {
  it('keeps each text whole across chunks, and refuses a chunk after a short one or a point it lacks', () => {
    const texts = new PointTexts(2);
    texts.append(['{"a":1}', '{"b":"ب"}']);
    texts.append(['{"c":3}']);
    expect([0, 1, 2].map((id) => texts.text(id))).toEqual(['{"a":1}', '{"b":"ب"}', '{"c":3}']);
    expect(texts.byteLength(1)).toBe(Buffer.byteLength('{"b":"ب"}'));
    expect(() => texts.append(['{}'])).toThrow(/only the last chunk may be short/);
    expect(() => texts.text(3)).toThrow(RangeError);
  });
});

describe('the compact form', () => {
  it('refuses what is not a whole answer of it', () => {
    expect(() => decodePoints(new ArrayBuffer(8))).toThrow(PointsFormatError);
    expect(() => decodePoints(new TextEncoder().encode('[{"Lat":1,"Long":2,"Name":"x","Guid":"y"}]').buffer)).toThrow(
      PointsFormatError,
    );
    const whole = binaryOf(typePointsOf(places), Uint32Array.from([0, 1, 2]));
    const cut = whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.length - 4) as ArrayBuffer;
    expect(() => decodePoints(cut)).toThrow(/for 3 points/);
  });

  it('holds a JSON answer the same way, with its names kept beside it', () => {
    const set = pointsOfLocations(places, true);
    expect(set.count).toBe(3);
    expect(set.truncated).toBe(true);
    expect(set.version).toBeNull();
    expect(set.labels![set.ids[1]!]).toEqual(places[1]);
    expect(set.positions[2]).toBeCloseTo(52.5, 5);
    expect(EMPTY_POINTS.count).toBe(0);
  });
});
