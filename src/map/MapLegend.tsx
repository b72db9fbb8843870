/** What each colour on the map is, shown while the map holds more than one type. */
import { t } from '../i18n/words';
import { cssColour, type ShownType } from './typeColours';

export function MapLegend({ types }: { types: readonly ShownType[] }) {
  if (types.length < 2) return null;
  return (
    <ul className="type-legend" aria-label={t.layers.legend} data-testid="map-legend">
      {types.map((type, i) => (
        <li key={type.typeId}>
          <span
            className={i === 0 ? 'type-legend-swatch type-legend-pin' : 'type-legend-swatch'}
            style={{ background: cssColour(type.colour) }}
            aria-hidden
          />
          {type.title}
        </li>
      ))}
    </ul>
  );
}
