import { describe, expect, it } from 'vitest';
import { cameraParams, parseDeepLink, withParams } from '../../src/url/deepLink';
import { routeOfPath, typeByRoute, MENU_ENTRIES, LOCATION_TYPES, showsMarkersAt } from '../../domain/locationTypes';

describe('deep links', () => {
  it('reads a full camera, an open location and the tab', () => {
    expect(parseDeepLink('?lat=35.7&lng=51.4&z=12&loc=1B2C3D4E-0000-1111-2222-333344445555&tab=stats')).toEqual({
      camera: { latitude: 35.7, longitude: 51.4, zoom: 12 },
      location: '1B2C3D4E-0000-1111-2222-333344445555',
      tab: 'stats',
      embed: false,
    });
  });

  it.each(['?lat=99&lng=51&z=6', '?lat=35&lng=51&z=abc', '?lat=abc&lng=51&z=6', '?lat=35&lng=51', '?lat=&lng=&z='])(
    'ignores a bad camera %s',
    (search) => {
      expect(parseDeepLink(search).camera).toBeNull();
    },
  );

  it('never trusts an unusable location Guid', () => {
    expect(parseDeepLink('?loc=00000000-0000-0000-0000-000000000000').location).toBeNull();
    expect(parseDeepLink('?loc=<script>').location).toBeNull();
  });

  it('patches parameters and keeps the rest', () => {
    expect(withParams('?tab=stats&z=6', { ...cameraParams({ latitude: 1, longitude: 2, zoom: 3 }), tab: null })).toBe(
      '?z=3.00&lat=1.00000&lng=2.00000',
    );
  });
});

describe('catalogue', () => {
  it('has the 19 routes, 14 menu entries in the spec order, and ids with the known prefixes', () => {
    expect(LOCATION_TYPES).toHaveLength(19);
    expect(MENU_ENTRIES.map((t) => t.route)).toEqual([
      'MainOffice',
      'Centers',
      'Academy',
      'Workshop',
      'Village',
      'Mobile',
      'Industries',
      'Guilds',
      'University',
      'Exam',
      'branch',
      'sub',
      'real',
      'school',
    ]);
    expect(typeByRoute('Academy')!.typeId.startsWith('51CA6060')).toBe(true);
    expect(typeByRoute('prison2')!.typeId.startsWith('5069090E')).toBe(true);
    expect(new Set(LOCATION_TYPES.filter((t) => t.route !== '').map((t) => t.typeId)).size).toBe(18);
  });

  it('maps paths to routes', () => {
    expect(routeOfPath('/')).toBe('');
    expect(routeOfPath('/Centers/')).toBe('Centers');
    expect(routeOfPath('/centers')).toBeNull();
    expect(routeOfPath('/Centers/x')).toBeNull();
  });

  it('markers are due at or above the minimum zoom', () => {
    const real = typeByRoute('real')!;
    expect(showsMarkersAt(real, 8.99)).toBe(false);
    expect(showsMarkersAt(real, 9)).toBe(true);
    expect(showsMarkersAt(typeByRoute('Prison')!, 5)).toBe(true);
  });
});

describe('deep link zoom and embed', () => {
  it('clamps a zoom past the range and keeps the centre', () => {
    expect(parseDeepLink('?lat=35.7&lng=51.4&z=25').camera).toEqual({ latitude: 35.7, longitude: 51.4, zoom: 18 });
    expect(parseDeepLink('?lat=35.7&lng=51.4&z=-3').camera).toEqual({ latitude: 35.7, longitude: 51.4, zoom: 0 });
  });

  it('reads embed=1 and nothing else as the embed mode', () => {
    expect(parseDeepLink('?embed=1').embed).toBe(true);
    expect(parseDeepLink('?embed=true').embed).toBe(false);
    expect(parseDeepLink('').embed).toBe(false);
  });
});
