/** What the map says besides its drawing: failures with retry, the row-cap notice, and the status bar below it. */
import type { ReactNode } from 'react';
import { Anchor, Button } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { LAZYLOAD_ROW_CAP } from '../../domain/gateway';
import { t } from '../i18n/words';
import { formatCount } from '../i18n/format';
import { FailureAlert } from '../ui/Feedback';
import { fullPageAddress, LITE } from '../ui/lite';

export function LoadFailure({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <FailureAlert
      title={t.errors.mapData}
      message={message}
      onRetry={onRetry}
      variant="filled"
      className="map-alert"
      testId="map-error"
    />
  );
}

export function TruncatedNotice() {
  return (
    <div className="truncated-notice" role="note">
      {t.truncated(formatCount(LAZYLOAD_ROW_CAP))}
    </div>
  );
}

interface StatusBarProps {
  /** The red animated zoom-in hint, below the type's minimum zoom. */
  hint: boolean;
  /** Loaded, and no location of this type in view. */
  empty: boolean;
  inView: number;
  children?: ReactNode;
}

/**
 * A bar under the map (not over it, so it never hides a bubble or a pin): the zoom hint, "nothing here",
 * or how many locations are in view and the button to list them. A live region, so it is announced.
 */
export function MapStatusBar({ hint, empty, inView, children }: StatusBarProps) {
  return (
    <div className="map-status-bar" data-in-view={inView}>
      <div role="status" aria-live="polite" className="map-status-text">
        {hint ? (
          <span className="zoom-hint" data-testid="zoom-hint">
            {t.zoomHint}
          </span>
        ) : empty ? (
          <span className="nothing-here" data-testid="nothing-here">
            {t.nothingHere}
          </span>
        ) : null}
      </div>
      {children}
    </div>
  );
}

/** The status bar with, when any location is in view, the button that lists them. */
export function InViewStatus({
  hint,
  settled,
  inView,
  onList,
}: {
  hint: boolean;
  settled: boolean;
  inView: number;
  onList(): void;
}) {
  return (
    <MapStatusBar hint={hint} empty={settled && !hint && inView === 0} inView={inView}>
      {inView > 0 ? (
        <Button
          className="marker-list-button"
          size="xs"
          variant="light"
          leftSection={<IconList size={16} />}
          onClick={onList}
        >
          {t.markerList(formatCount(inView))}
        </Button>
      ) : null}
      {LITE ? <FullMapLink /> : null}
    </MapStatusBar>
  );
}

/** On the light page, what it leaves out and the way to the full map (the same view, reloaded in full). */
function FullMapLink() {
  return (
    <Anchor
      href={fullPageAddress()}
      size="xs"
      className="lite-full-map"
      aria-label={t.liteFullMapLabel}
      data-testid="lite-full-map"
      onClick={(event) => {
        // The view has moved since this was drawn: the address of the view now.
        event.preventDefault();
        window.location.assign(fullPageAddress());
      }}
    >
      {t.liteFullMap}
    </Anchor>
  );
}
