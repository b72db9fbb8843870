/** The sidebar: 14 entries as real links, the active one highlighted with aria-current. */
import { useEffect, useEffectEvent, useRef } from 'react';
import { NavLink, ScrollArea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useLocation } from 'wouter';
import { MENU_ENTRIES, menuEntryOf, pathOfRoute } from '../../domain/locationTypes';
import { t } from '../i18n/words';
import { typeTitle } from '../i18n/names';
import { MENU_ICONS } from './menuIcons';
import { SIDEBAR_OPEN_ABOVE_PX } from '../../domain/breakpoints';
import { useBackStep } from '../url/backStep';

export function Sidebar({
  open,
  activeRoute,
  onNavigate,
  onClose,
}: {
  open: boolean;
  activeRoute: string | null;
  onNavigate(): void;
  onClose(): void;
}) {
  const activeEntry = activeRoute === null ? undefined : menuEntryOf(activeRoute);
  // On a narrow window the open sidebar covers the map like a drawer: it takes the focus and a history step
  // (Back or Escape closes it), and a link followed from it replaces that step rather than stacking on it.
  const narrow = useMediaQuery(`(max-width: ${SIDEBAR_OPEN_ABOVE_PX}px)`, false, { getInitialValueInEffect: false });
  const covering = open && narrow;
  const [, navigate] = useLocation();
  const closeNow = useEffectEvent(onClose);
  const nav = useRef<HTMLElement>(null);
  useBackStep(covering, onClose);
  useEffect(() => {
    if (!covering) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const navElement = nav.current;
    const link = navElement?.querySelector<HTMLElement>('[aria-current="page"]') ?? navElement?.querySelector('a');
    link?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeNow();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected && navElement?.contains(document.activeElement)) opener.focus();
    };
  }, [covering]);
  return (
    <>
      <div className={`sidebar-backdrop${open ? ' is-open' : ''}`} onClick={onClose} aria-hidden="true" />
      <nav
        id="sidebar"
        ref={nav}
        className={`sidebar${open ? ' is-open' : ''}`}
        aria-label={t.navigation}
        aria-hidden={!open}
        inert={!open}
        // Open, it lies over the map's side: the map frames places clear of it.
        data-covers-map={open}
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      >
        <ScrollArea h="100%" type="auto">
          <ul className="sidebar-list">
            {MENU_ENTRIES.map((entry) => {
              const Icon = MENU_ICONS[entry.route];
              const active = entry === activeEntry;
              return (
                <li key={entry.route}>
                  <NavLink
                    component={Link}
                    href={pathOfRoute(entry.route)}
                    label={typeTitle(entry)}
                    leftSection={Icon ? <Icon size={20} stroke={1.6} /> : null}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    onClick={(e: React.MouseEvent) => {
                      if (covering && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
                        e.preventDefault();
                        navigate(pathOfRoute(entry.route), { replace: true });
                      }
                      onNavigate();
                    }}
                    variant="filled"
                    data-route={entry.route}
                  />
                </li>
              );
            })}
          </ul>
        </ScrollArea>
      </nav>
    </>
  );
}
