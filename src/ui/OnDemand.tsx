/**
 * A part of the screen whose code loads the first time it is shown (a dialog, a drawer), not with the first
 * screen: what the map does not need stays off its way on a slow link. Once shown it stays mounted, so its closing
 * transition plays and a second opening is immediate. Its code is also fetched as soon as the first screen is up
 * (preloadAfterFirstScreen), so a first opening seldom waits for the network either; one that does shows a loader,
 * and a load that fails shows the part's failure with a retry.
 */
import { Suspense, useState, type ComponentType } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { Loader } from '@mantine/core';
import { t } from '../i18n/words';
import { afterFirstScreen } from './firstScreen';
import { PartFailure } from './PartFailure';
import { useRetriableLazy } from './retriableLazy';

export type PartLoader<P> = () => Promise<{ default: ComponentType<P> }>;

interface OnDemandProps<P> {
  load: PartLoader<P>;
  /** Whether the part is shown now; it mounts the first time this is true and stays mounted. */
  shown: boolean;
  props: P;
}

/** The part's failure where it would have opened, over the page: a dialog's place is not in the page's flow. */
function OnDemandFailure(props: FallbackProps) {
  return (
    <div className="on-demand-failure">
      <PartFailure {...props} />
    </div>
  );
}

export function OnDemand<P extends object>({ load, shown, props }: OnDemandProps<P>) {
  const [everShown, setEverShown] = useState(shown);
  if (shown && !everShown) setEverShown(true);
  const [Part, retry] = useRetriableLazy(load);
  if (!everShown) return null;
  return (
    <ErrorBoundary FallbackComponent={OnDemandFailure} onReset={retry}>
      <Suspense fallback={<Loader className="on-demand-loader" role="status" aria-label={t.loading} />}>
        <Part {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Fetches a part's code once the first screen is up (a failure is left for the part's own opening to show). */
export function preloadAfterFirstScreen(load: () => Promise<unknown>): void {
  void afterFirstScreen()
    .then(load)
    .catch(() => undefined);
}
