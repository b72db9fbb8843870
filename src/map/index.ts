/** The map feature's public face: what other features may use of it. */
export { MapView } from './MapView';
export { focusMap, type MapFocus } from './focus';
