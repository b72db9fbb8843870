/** MapLibre's own control texts, in Persian (its accessible names would otherwise be English). */
import { t } from '../i18n/words';

export const MAP_LOCALE: Record<string, string> = {
  'Map.Title': t.mapLabel,
  'AttributionControl.ToggleAttribution': t.mapControls.toggleAttribution,
  'AttributionControl.MapFeedback': t.mapControls.mapFeedback,
  'NavigationControl.ZoomIn': t.zoomIn,
  'NavigationControl.ZoomOut': t.zoomOut,
  'NavigationControl.ResetBearing': t.mapControls.resetBearing,
  'Popup.Close': t.close,
};
