/**
 * What each colour on the map is, shown while the map holds more than one type. The page's type is drawn in two
 * marks, teal bubbles from afar and red pins (or dots) from close by, so its entry shows both: a legend with the
 * pin alone named none of the bubbles a visitor sees at the country's or a province's scale.
 */
import { t } from '../i18n/words';
import { BUBBLE_TEAL, cssColour, type ShownType } from './typeColours';

export function MapLegend({ types }: { types: readonly ShownType[] }) {
  if (types.length < 2) return null;
  return (
    <ul className="type-legend" aria-label={t.layers.legend} data-testid="map-legend">
      {types.map((type, i) => (
        <li key={type.typeId}>
          <span className="type-legend-marks" aria-hidden>
            {i === 0 ? <span className="type-legend-swatch" style={{ background: cssColour(BUBBLE_TEAL) }} /> : null}
            <span
              className={i === 0 ? 'type-legend-swatch type-legend-pin' : 'type-legend-swatch'}
              style={{ background: cssColour(type.colour) }}
            />
          </span>
          {type.title}
        </li>
      ))}
    </ul>
  );
}
