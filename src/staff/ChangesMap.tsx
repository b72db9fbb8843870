/**
 * Where a file's changes are, on Iran's provinces (the server pages' own picture): a dot per changed location in
 * its kind's colour, and a line from where a moved one was. The table beside it says the same in words.
 */
import type { ChangedPoint } from '../../domain/wire/desk';
import { provincePicture } from '../../domain/provincePicture';
import { formatCount } from '../i18n/format';
import { t } from '../i18n/words';

/** Colours that read on the pale provinces, and apart from each other. */
export const KIND_COLOUR: Record<ChangedPoint['Kind'], string> = {
  added: '#0b7a4b',
  removed: '#b42318',
  moved: '#1d4ed8',
  renamed: '#8a4b00',
};

export function ChangesMap({ points }: { points: ChangedPoint[] }) {
  const picture = provincePicture();
  return (
    <figure className="changes-map">
      <svg
        viewBox={`0 0 ${picture.width} ${picture.height}`}
        role="img"
        aria-label={t.desk.upload.mapLabel(formatCount(points.length))}
        data-testid="changes-map"
      >
        {picture.shapes.map((shape) => (
          <path key={shape.iso} d={shape.d} fill="#eef2f1" stroke="#8a9794" strokeWidth={0.6} />
        ))}
        {points.map((p) => {
          const [x, y] = picture.project(p.Lat, p.Lon);
          const from = p.FromLat !== null && p.FromLon !== null ? picture.project(p.FromLat, p.FromLon) : null;
          return (
            <g key={`${p.Kind}-${p.Guid}`} data-kind={p.Kind}>
              {from ? (
                <line x1={from[0]} y1={from[1]} x2={x} y2={y} stroke={KIND_COLOUR.moved} strokeWidth={1} />
              ) : null}
              <circle cx={x} cy={y} r={3} fill={KIND_COLOUR[p.Kind]} stroke="#fff" strokeWidth={0.8} />
            </g>
          );
        })}
      </svg>
      <figcaption className="changes-legend">
        {(Object.keys(KIND_COLOUR) as ChangedPoint['Kind'][]).map((kind) => (
          <span key={kind}>
            <svg width="10" height="10" aria-hidden="true">
              <circle cx="5" cy="5" r="4" fill={KIND_COLOUR[kind]} />
            </svg>{' '}
            {t.desk.upload[kind]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
