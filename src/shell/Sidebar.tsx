/** The sidebar: 14 entries as real links, the active one highlighted with aria-current. */
import { NavLink, ScrollArea } from '@mantine/core';
import { Link } from 'wouter';
import { MENU_ENTRIES, menuEntryOf, pathOfRoute } from '../../domain/locationTypes';
import { t } from '../i18n/words';
import { typeTitle } from '../i18n/names';
import { MENU_ICONS } from './menuIcons';

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
  return (
    <>
      <div className={`sidebar-backdrop${open ? ' is-open' : ''}`} onClick={onClose} aria-hidden="true" />
      <nav
        id="sidebar"
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
                    onClick={onNavigate}
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
