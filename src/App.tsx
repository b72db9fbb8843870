/** Providers and routing: every catalogue path renders the main screen; anything else the not-found page. */
import { useEffect } from 'react';
import { DirectionProvider, MantineProvider, createTheme } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'wouter';
import { sidebarMachine } from '../machines/sidebar';
import { routeOfPath, typeByRoute } from '../domain/locationTypes';
import { useInspect } from './inspect/inspector';
import { MainScreen } from './shell/MainScreen';
import { NotFound } from './shell/NotFound';
import { Sidebar } from './shell/Sidebar';
import { Toolbar } from './shell/Toolbar';
import { PartFailure } from './ui/PartFailure';

const theme = createTheme({
  fontFamily: 'Vazirmatn, Tahoma, sans-serif',
  headings: { fontFamily: 'Vazirmatn, Tahoma, sans-serif' },
  primaryColor: 'teal',
});

function Shell() {
  const [location] = useLocation();
  const route = routeOfPath(location);
  const type = route === null ? undefined : typeByRoute(route);
  const sidebar = useActorRef(sidebarMachine, { input: { windowWidth: window.innerWidth }, inspect: useInspect() });
  const sidebarOpen = useSelector(sidebar, (s) => s.matches('open'));

  useEffect(() => {
    document.title = type ? `${type.titleFa} | سامانه داده‌های مکانی` : 'سامانه داده‌های مکانی';
  }, [type]);

  return (
    <div className="app">
      <Toolbar sidebarOpen={sidebarOpen} onToggleSidebar={() => sidebar.send({ type: 'TOGGLE' })} />
      <div className={`app-body${sidebarOpen ? ' sidebar-open' : ''}`}>
        <Sidebar
          open={sidebarOpen}
          activeRoute={route ?? ''}
          onNavigate={() => sidebar.send({ type: 'NAVIGATED', windowWidth: window.innerWidth })}
          onClose={() => sidebar.send({ type: 'CLOSE' })}
        />
        <main className="content">{type ? <MainScreen key="main" type={type} /> : <NotFound />}</main>
      </div>
    </div>
  );
}

export function App() {
  return (
    <DirectionProvider initialDirection="rtl" detectDirection={false}>
      <MantineProvider theme={theme}>
        <ErrorBoundary FallbackComponent={PartFailure}>
          <Shell />
        </ErrorBoundary>
      </MantineProvider>
    </DirectionProvider>
  );
}
