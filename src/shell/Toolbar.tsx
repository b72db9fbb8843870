/** The fixed top toolbar: menu button, logo, title and subtitle; compact below 599 px. */
import { Burger } from '@mantine/core';
import { fa } from '../i18n/fa';
import { SearchBox } from '../search';

export function Toolbar({ sidebarOpen, onToggleSidebar }: { sidebarOpen: boolean; onToggleSidebar(): void }) {
  return (
    <header className="toolbar">
      <Burger
        opened={sidebarOpen}
        onClick={onToggleSidebar}
        color="white"
        size="sm"
        aria-label={sidebarOpen ? fa.closeMenu : fa.openMenu}
        aria-expanded={sidebarOpen}
        aria-controls="sidebar"
      />
      <img src="/logo.svg" alt="" className="toolbar-logo" width={36} height={36} />
      <div className="toolbar-titles">
        <h1 className="toolbar-title">
          <span className="title-full">{fa.appTitle}</span>
          <span className="title-short">{fa.appTitleShort}</span>
        </h1>
        <p className="toolbar-subtitle">{fa.appSubtitle}</p>
      </div>
      <SearchBox />
    </header>
  );
}
