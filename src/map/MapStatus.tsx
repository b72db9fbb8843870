/** What overlays the map: a failure with retry, the zoom-in hint and the row-cap notice. */
import { LAZYLOAD_ROW_CAP } from '../../domain/gateway';
import { fa, formatCount } from '../i18n/fa';
import { FailureAlert } from '../ui/Feedback';

export function LoadFailure({ message, onRetry }: { message: string; onRetry(): void }) {
  return <FailureAlert title={fa.errors.mapData} message={message} onRetry={onRetry} variant="filled" className="map-alert" testId="map-error" />;
}

/** Spec §2: the red animated hint; a live region so screen readers announce it. */
export function ZoomHint({ visible }: { visible: boolean }) {
  return (
    <div role="status" aria-live="polite" className="zoom-hint-region">
      {visible ? (
        <span className="zoom-hint" data-testid="zoom-hint">
          {fa.zoomHint}
        </span>
      ) : null}
    </div>
  );
}

export function TruncatedNotice() {
  return (
    <div className="truncated-notice" role="note">
      {fa.truncated(formatCount(LAZYLOAD_ROW_CAP))}
    </div>
  );
}
