/** MapLibre's own control texts, in Persian (its accessible names would otherwise be English). */
import { fa } from '../i18n/fa';

export const MAP_LOCALE: Record<string, string> = {
  'Map.Title': fa.mapLabel,
  'AttributionControl.ToggleAttribution': fa.mapControls.toggleAttribution,
  'AttributionControl.MapFeedback': fa.mapControls.mapFeedback,
  'NavigationControl.ZoomIn': fa.zoomIn,
  'NavigationControl.ZoomOut': fa.zoomOut,
  'NavigationControl.ResetBearing': fa.mapControls.resetBearing,
  'Popup.Close': fa.close,
};
