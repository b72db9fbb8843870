/**
 * The nearest locations' numbers on the map (the near-me list's, or a question's answer's), matching the numbered
 * list: HTML markers (Persian digits
 * shaped by the browser, as deck.gl's text cannot); a click on one opens its location. Like the markers drawn
 * in the canvas they are pointer targets only: the numbered list in the panel is the keyboard's and a screen
 * reader's way to the same places, and the tags of places close together may overlap, as map markers do.
 */
import { useSelector } from '@xstate/react';
import { Marker } from 'react-map-gl/maplibre';
import { t } from '../i18n/words';
import { formatKm, formatRank } from '../i18n/format';
import type { NearMeRef } from './mapActors';
import { MARKER_HEIGHT_PX } from './mapConstants';

/** A numbered place: one of the nearest to the visitor, or of a question's answer. */
export interface NumberedPlace {
  Guid: string;
  Name: string;
  Lat: number;
  Long: number;
  DistanceKm: number | null;
}

interface NearestPinsProps {
  nearMe: NearMeRef;
  /** A question's answer's places, in its panel's order: shown instead of the near-me list (null: none). */
  answer: readonly NumberedPlace[] | null;
  onOpen(place: { guid: string; lat: number; lon: number }): void;
}

export function NearestPins({ nearMe, answer, onOpen }: NearestPinsProps) {
  const nearby = useSelector(nearMe, (s) => (s.matches('listed') ? s.context.results : null));
  const results = answer ?? nearby;
  if (!results) return null;
  return (
    <>
      {results.map((place, index) => (
        // Above the place's own pin, its tail on the pin's head: anchored at the place, the tag hid the pin it named.
        <Marker
          key={place.Guid}
          latitude={place.Lat}
          longitude={place.Long}
          anchor="bottom"
          offset={[0, -MARKER_HEIGHT_PX]}
        >
          <div
            className="nearest-pin nearest-number"
            data-testid="nearest-pin"
            data-guid={place.Guid}
            aria-hidden
            title={t.nearMe.pinLabel(
              formatRank(index + 1),
              place.Name,
              place.DistanceKm === null ? '' : t.nearMe.distance(formatKm(place.DistanceKm)),
            )}
            onClick={() => onOpen({ guid: place.Guid, lat: place.Lat, lon: place.Long })}
          >
            {formatRank(index + 1)}
          </div>
        </Marker>
      ))}
    </>
  );
}
