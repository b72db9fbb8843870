/** The main screen: two tabs, map first; statistics disabled (not hidden) where the type has none. */
import { Suspense, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Tabs, Tooltip } from '@mantine/core';
import { IconChartBar, IconMap } from '@tabler/icons-react';
import { useSearch } from 'wouter';
import type { LocationType } from '../../domain/locationTypes';
import { t } from '../i18n/words';
import { typeTitle } from '../i18n/names';
import { DownloadButton, FilterButton } from '../filters';
import { MapView } from '../map';
import { ServerFigures } from '../ui/ServerFigures';
import { PartFailure } from '../ui/PartFailure';
import { useRetriableLazy } from '../ui/retriableLazy';
import { parseDeepLink, type Tab } from '../url/deepLink';
import { pushParams } from '../url/backStep';

// The statistics tab (and Nivo with it) loads only when opened: the map is what most visits need first.
const loadStatsTab = () => import('../stats').then((m) => ({ default: m.StatsTab }));

export function MainScreen({ type }: { type: LocationType }) {
  const [StatsTab, retryStatsTab] = useRetriableLazy(loadStatsTab);
  const search = useSearch();
  const requested = parseDeepLink(search).tab;
  const tab: Tab = requested === 'stats' && type.statsEnabled ? 'stats' : 'map';
  // The map is made the first time its tab is shown, then kept: a link to the statistics (an analyst's, often on a
  // phone) costs no WebGL context, no basemap and no map data until the map is asked for. A request for the map
  // made meanwhile (a province or a place from the statistics) waits in the map screen's machine until the map
  // has loaded and is shown (machines/mapScreen.ts), as it did for a hidden map.
  const [mapMade, setMapMade] = useState(tab === 'map');
  if (tab === 'map' && !mapMade) setMapMade(true);
  return (
    <Tabs
      value={tab}
      // A tab switch is a step: Back from the statistics returns to the map, not out of the site.
      onChange={(value) => pushParams({ tab: value === 'stats' ? 'stats' : null })}
      className="main-tabs"
      // Once made, the map's tab stays mounted and is only hidden (display: none), never put in a hidden
      // <Activity>: React runs a hidden Activity's effect clean-ups, and MapLibre's is to destroy the map, so every
      // look at the statistics cost the WebGL context, the camera and the drawn layers.
      keepMounted
      keepMountedMode="display-none"
      variant="outline"
    >
      {/* The filters sit beside the tab list, not in it: a tab list holds tabs only. */}
      <div className="tab-bar">
        <Tabs.List>
          <Tabs.Tab value="map" leftSection={<IconMap size={16} />}>
            {t.tabMap}
          </Tabs.Tab>
          <Tooltip label={t.statsDisabled} disabled={type.statsEnabled}>
            <Tabs.Tab value="stats" leftSection={<IconChartBar size={16} />} disabled={!type.statsEnabled}>
              {t.tabStats}
            </Tabs.Tab>
          </Tooltip>
          <span className="type-title">{typeTitle(type)}</span>
        </Tabs.List>
        <FilterButton type={type} />
        <DownloadButton type={type} />
      </div>
      <Tabs.Panel value="map" className="tab-panel">
        {mapMade ? (
          <ErrorBoundary FallbackComponent={PartFailure}>
            <MapView type={type} />
          </ErrorBoundary>
        ) : null}
      </Tabs.Panel>
      <Tabs.Panel value="stats" className="tab-panel tab-panel-scroll">
        {type.statsEnabled && tab === 'stats' ? (
          <ErrorBoundary FallbackComponent={PartFailure} onReset={retryStatsTab} resetKeys={[type.typeId]}>
            <Suspense fallback={<ServerFigures />}>
              <StatsTab key={type.typeId} type={type} />
            </Suspense>
          </ErrorBoundary>
        ) : null}
      </Tabs.Panel>
    </Tabs>
  );
}
