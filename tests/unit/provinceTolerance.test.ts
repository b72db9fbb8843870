/**
 * The bundled province outlines are generalised: real towns lie outside them at some borders. A record naming its
 * province is taken as in it within the outlines' tolerance, and refused past it with the reason.
 */
import { describe, expect, it } from 'vitest';
import { typeByRoute } from '../../domain/locationTypes';
import { kmOutsideProvince, OUTLINE_TOLERANCE_KM } from '../../domain/provinceLocator';
import { validateRecord } from '../../server/importer/validate';

const centre = (ostan: string, lat: number, lon: number) => ({
  Guid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  Type: 'Centers',
  NameMakanAmoozeshi: 'مرکز آزمایشی',
  Lat: String(lat),
  Long: String(lon),
  Ostan: ostan,
});

describe('a record in the province it names, by the bundled outlines', () => {
  it.each([
    ['Ferdows', 'South Khorasan', 'IR-29', 34.0186, 58.1722],
    ['Abarkuh', 'Yazd', 'IR-21', 31.1289, 53.2826],
  ])('%s, outside its province’s outline by a few tens of km, is taken as in %s', (_, ostan, iso, lat, lon) => {
    expect(kmOutsideProvince(iso, lat, lon)).toBeGreaterThan(10);
    const checked = validateRecord(centre(ostan, lat, lon), 'line 2');
    expect(checked.problems).toEqual([]);
    expect(checked.record?.provinceIso).toBe(iso);
  });

  it('a point outside Iran that lies in it with Lat and Long the other way round is refused, saying so', () => {
    // Tehran (IR-23) written Long first; and a point outside Iran either way.
    const swapped = validateRecord(centre('', 51.389, 35.6892), 'line 4');
    expect(swapped.problems).toEqual([
      expect.objectContaining({
        field: 'Lat/Long',
        code: 'swapped_coordinates',
        values: { lat: '51.389', lon: '35.6892', lies: 'IR-23' },
      }),
    ]);
    expect(swapped.record).toBeNull();
    expect(validateRecord(centre('', 48.85, 2.35), 'line 5').problems.map((p) => p.code)).toEqual(['outside_iran']);
  });

  it('a point far past the tolerance is refused, saying so', () => {
    // Mashhad named as in South Khorasan: well inside Razavi Khorasan.
    expect(kmOutsideProvince('IR-29', 36.2972, 59.6067)).toBeGreaterThan(OUTLINE_TOLERANCE_KM);
    const checked = validateRecord(centre('South Khorasan', 36.2972, 59.6067), 'line 3');
    expect(checked.problems.map((p) => p.code)).toEqual(['other_province']);
    expect(checked.problems[0]!.values['km']).toBe(String(OUTLINE_TOLERANCE_KM));
    expect(checked.outside).toEqual({ named: 'IR-29', lies: 'IR-09', typeId: typeByRoute('Centers')!.typeId });
  });
});
