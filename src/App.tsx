/** Providers and routing: every catalogue path renders the main screen; anything else the not-found page. */
import { Suspense, useEffect } from 'react';
import { DirectionProvider, MantineProvider, createTheme, defaultVariantColorsResolver } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'wouter';
import { sidebarMachine } from '../machines/sidebar';
import { t } from './i18n/words';
import { PAGE_DIRECTION } from './i18n/language';
import { typeTitle } from './i18n/names';
import { parseDeepLink } from './url/deepLink';
import { routeOfPath, typeByRoute, type LocationType } from '../domain/locationTypes';
import { useInspect } from './inspect/inspector';
import { MapScreenProvider } from './map';
import { AppStatus } from './shell/AppStatus';
import { MainScreen } from './shell/MainScreen';
import { NotFound } from './shell/NotFound';
import { Sidebar } from './shell/Sidebar';
import { Toolbar } from './shell/Toolbar';
import { PartFailure } from './ui/PartFailure';
import { BusyIndicator } from './ui/Feedback';
import { useRetriableLazy } from './ui/retriableLazy';
import { loadReportStatusPage } from './reports';
import { loadStaffConsole } from './staff';
import { STAFF_PATH, reportIdOfPath } from '../domain/reports';

/**
 * Text colours that read at 4.5:1 or more on the colour's lightest tints (its shades 0 and 1), and darker than its
 * shade 9: a filled button's hover, under white text.
 */
const READABLE_TEXT: Record<string, string> = { teal: '#0b5c44', red: '#a51d1d' };

const theme = createTheme({
  fontFamily: 'Vazirmatn, Tahoma, sans-serif',
  headings: { fontFamily: 'Vazirmatn, Tahoma, sans-serif' },
  primaryColor: 'teal',
  // Dialogs, menus and tooltips open at once for visitors who asked their system for less motion, as the map and the
  // charts do (src/ui/useLessMotion.ts): Mantine animates them regardless unless told.
  respectReducedMotion: true,
  // The darkest teal: white text on filled buttons and the active menu entry reaches 4.5:1.
  primaryShade: 9,
  // Light and subtle buttons: text darker than Mantine's, on a paler tint, so it reads above 4.5:1 at rest and on hover.
  variantColorResolver: (input) => {
    const colors = defaultVariantColorsResolver(input);
    const family = (input.color ?? input.theme.primaryColor).split('.')[0]!;
    // Mantine lightens a filled button of the darkest shade on hover (teal 8: white on it is 3.9:1): darker instead.
    if (input.variant === 'filled' || input.variant === undefined)
      return READABLE_TEXT[family] ? { ...colors, hover: READABLE_TEXT[family] } : colors;
    if (input.variant !== 'light' && input.variant !== 'subtle') return colors;
    const text = READABLE_TEXT[family] ?? `var(--mantine-color-${family}-9)`;
    return {
      ...colors,
      color: text,
      hoverColor: text,
      background: input.variant === 'light' ? `var(--mantine-color-${family}-0)` : 'transparent',
      hover: `var(--mantine-color-${family}-1)`,
    };
  },
});

/**
 * Mantine's "dimmed" grey is 3.3:1 on white; this one reads at 7:1 (WCAG AA asks 4.5:1). A button that names neither
 * colour nor variant takes its hover from the primary colour's variable, not from the resolver above.
 */
const contrastVariables = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#495057', '--mantine-primary-color-filled-hover': READABLE_TEXT['teal']! },
  dark: {},
});

/** ?embed=1 (fixed for the page's life): the map or statistics alone, with a link to the full app. */
const EMBEDDED = parseDeepLink(window.location.search).embed;

/** The staff console, loaded only at its own address. */
function StaffRoute() {
  const [StaffConsole, retry] = useRetriableLazy(loadStaffConsole);
  return (
    <ErrorBoundary FallbackComponent={PartFailure} onReset={retry}>
      <Suspense fallback={<BusyIndicator />}>
        <StaffConsole />
      </Suspense>
    </ErrorBoundary>
  );
}

/** A report's status, loaded only at its own address. */
function ReportStatusRoute({ id }: { id: string }) {
  const [ReportStatusPage, retry] = useRetriableLazy(loadReportStatusPage);
  return (
    <ErrorBoundary FallbackComponent={PartFailure} onReset={retry}>
      <Suspense fallback={<BusyIndicator />}>
        <ReportStatusPage id={id} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** What the main area shows at an address: a type's screen, the staff console, a report's status, or not found. */
function MainContent({ location, type }: { location: string; type: LocationType | undefined }) {
  if (type) return <MainScreen key="main" type={type} />;
  if (location === STAFF_PATH) return <StaffRoute />;
  const reportId = reportIdOfPath(location);
  if (reportId !== null) return <ReportStatusRoute id={reportId} />;
  return <NotFound />;
}

function Shell() {
  const [location] = useLocation();
  const route = routeOfPath(location);
  const type = route === null ? undefined : typeByRoute(route);
  const sidebar = useActorRef(sidebarMachine, { input: { windowWidth: window.innerWidth }, inspect: useInspect() });
  // The staff console and a report's status are pages of their own: the types' menu starts closed there.
  const ownPage = location === STAFF_PATH || reportIdOfPath(location) !== null;
  const sidebarOpen = useSelector(sidebar, (s) => s.matches('open'));
  useEffect(() => {
    if (ownPage) sidebar.send({ type: 'CLOSE' });
  }, [sidebar, ownPage]);

  useEffect(() => {
    document.title = type ? `${typeTitle(type)} | ${t.siteName}` : t.siteName;
  }, [type]);

  if (EMBEDDED) {
    return (
      <MapScreenProvider type={type}>
        <div className="app app-embedded">
          <main className="content" id="main" tabIndex={-1}>
            {type ? <MainScreen key="main" type={type} /> : <NotFound />}
          </main>
          <a
            className="embed-link"
            href={window.location.href.replace(/([?&])embed=1&?/, '$1').replace(/[?&]$/, '')}
            target="_blank"
            rel="noopener"
          >
            {t.openFullApp}
          </a>
        </div>
      </MapScreenProvider>
    );
  }

  return (
    <MapScreenProvider type={type}>
      <div className="app">
        <a className="skip-link" href="#main">
          {t.skipToContent}
        </a>
        <Toolbar sidebarOpen={sidebarOpen} onToggleSidebar={() => sidebar.send({ type: 'TOGGLE' })} />
        <AppStatus />
        <div className={`app-body${sidebarOpen ? ' sidebar-open' : ''}`}>
          <Sidebar
            open={sidebarOpen}
            activeRoute={route}
            onNavigate={() => sidebar.send({ type: 'NAVIGATED', windowWidth: window.innerWidth })}
            onClose={() => sidebar.send({ type: 'CLOSE' })}
          />
          <main className="content" id="main" tabIndex={-1}>
            <MainContent location={location} type={type} />
          </main>
        </div>
      </div>
    </MapScreenProvider>
  );
}

export function App() {
  return (
    <DirectionProvider initialDirection={PAGE_DIRECTION} detectDirection={false}>
      <MantineProvider theme={theme} cssVariablesResolver={contrastVariables}>
        <ErrorBoundary FallbackComponent={PartFailure}>
          <Shell />
        </ErrorBoundary>
      </MantineProvider>
    </DirectionProvider>
  );
}
