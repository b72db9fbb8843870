import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { prewarm, setWorkerUrl } from 'maplibre-gl';
// MapLibre's worker, built with the map from its source: its URL in this build (tools/build/maplibreFromSource.ts).
import maplibreWorkerUrl from 'virtual:maplibre-worker';
import '@fontsource/vazirmatn/400.css';
import './styles/mantine';
import 'maplibre-gl/dist/maplibre-gl.css';
import './styles/app.css';
import { App } from './App';
import { InspectContext, inspectorRequested, loadInspector, type Inspect } from './inspect/inspector';
import { LITE } from './ui/lite';
import { afterFirstScreen, afterLoadAndMap } from './ui/firstScreen';
import { applyDeferredStyles } from './shell/deferredStyles';
import { keepServerFigures, keepServerPicture } from './ui/serverPicture';
import { endPageAnswers } from './api/pageAnswers';
import { parseDeepLink } from './url/deepLink';

// One weight before the first paint: the bold face follows once the page is up and its map drawn (the browser
// draws bold from the regular face until then), and a light page never fetches it.
// It is a nicety: a stylesheet that does not arrive (the server down, a redeploy) is caught like a failed chunk,
// not thrown at the page, and the bold stays drawn from the regular face.
// The page's answers serve the app's start only (src/api/pageAnswers.ts).
void afterFirstScreen().then(endPageAnswers);
if (!LITE)
  void afterLoadAndMap()
    .then(() => import('@fontsource/vazirmatn/700.css'))
    .catch(() => undefined);

setWorkerUrl(maplibreWorkerUrl);
// Starts MapLibre's workers now, so their script downloads while React renders rather than after the map mounts;
// a link to the statistics makes no map until its tab is shown (shell/MainScreen.tsx), so it fetches nothing for it.
if (parseDeepLink(window.location.search).tab !== 'stats') prewarm();

function render(inspect: Inspect | undefined): void {
  keepServerPicture();
  keepServerFigures();
  const tree: ReactNode = (
    <InspectContext.Provider value={inspect}>
      <App />
    </InspectContext.Provider>
  );
  createRoot(document.getElementById('root')!).render(<StrictMode>{tree}</StrictMode>);
}

const inspector = inspectorRequested(window.location.search);
// The server's page holds its answer until the app renders, with the app's stylesheet in force.
void applyDeferredStyles().then(() => {
  if (inspector !== null) {
    loadInspector(inspector).then(render, (error: unknown) => {
      console.error('XState inspector failed to load; starting without it', error);
      render(undefined);
    });
  } else {
    render(undefined);
  }
});
