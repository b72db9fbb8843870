/** The browser's position as a promise, its failures turned into the near-me machine's named problems. */
import { LOCATE_TIMEOUT_MS, LocateError, type Position } from '../../machines/nearMe';

/** A position this recent is good enough: the visitor has not gone far. */
const MAXIMUM_AGE_MS = 60_000;

export function locateVisitor(): Promise<Position> {
  if (!window.isSecureContext) return Promise.reject(new LocateError('insecure'));
  if (!('geolocation' in navigator)) return Promise.reject(new LocateError('unsupported'));
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lon: coords.longitude, accuracy: coords.accuracy }),
      (error) =>
        reject(
          new LocateError(
            error.code === error.PERMISSION_DENIED
              ? 'denied'
              : error.code === error.TIMEOUT
                ? 'timeout'
                : 'unavailable',
          ),
        ),
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: MAXIMUM_AGE_MS },
    );
  });
}
