/**
 * The nearest locations' numbers on the map, matching the numbered list: HTML markers (Persian digits
 * shaped by the browser, as deck.gl's text cannot), each a button that opens its location.
 */
import { useSelector } from '@xstate/react';
import { Marker } from 'react-map-gl/maplibre';
import { fa, formatKm, formatRank } from '../i18n/fa';
import type { NearMeRef } from './mapActors';

export function NearestPins({
  nearMe,
  onOpen,
}: {
  nearMe: NearMeRef;
  onOpen(place: { guid: string; lat: number; lon: number }): void;
}) {
  const results = useSelector(nearMe, (s) => (s.matches('listed') ? s.context.results : null));
  if (!results) return null;
  return (
    <>
      {results.map((place, index) => (
        <Marker key={place.Guid} latitude={place.Lat} longitude={place.Long} anchor="bottom">
          <button
            type="button"
            className="nearest-pin nearest-number"
            data-testid="nearest-pin"
            data-guid={place.Guid}
            aria-label={fa.nearMe.pinLabel(
              formatRank(index + 1),
              place.Name,
              fa.nearMe.distance(formatKm(place.DistanceKm)),
            )}
            onClick={() => onOpen({ guid: place.Guid, lat: place.Lat, lon: place.Long })}
          >
            {formatRank(index + 1)}
          </button>
        </Marker>
      ))}
    </>
  );
}
