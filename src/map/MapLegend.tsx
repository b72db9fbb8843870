/** What each colour on the map is, shown while the map holds more than one type. */
import { fa } from '../i18n/fa';
import { cssColour, type ShownType } from './typeColours';

export function MapLegend({ types }: { types: readonly ShownType[] }) {
  if (types.length < 2) return null;
  return (
    <ul className="map-legend" aria-label={fa.layers.legend} data-testid="map-legend">
      {types.map((type, i) => (
        <li key={type.typeId}>
          <span
            className={i === 0 ? 'legend-swatch legend-pin' : 'legend-swatch'}
            style={{ background: cssColour(type.colour) }}
            aria-hidden
          />
          {type.title}
        </li>
      ))}
    </ul>
  );
}
