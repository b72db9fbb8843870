/** The fixed top toolbar: menu button, logo, title and subtitle, search and language; compact below 599 px. */
import { Burger } from '@mantine/core';
import { t } from '../i18n/words';
import { SearchBox } from '../search';
import { LanguageSwitch } from './LanguageSwitch';

export function Toolbar({ sidebarOpen, onToggleSidebar }: { sidebarOpen: boolean; onToggleSidebar(): void }) {
  return (
    <header className="toolbar">
      <Burger
        opened={sidebarOpen}
        onClick={onToggleSidebar}
        color="white"
        size="sm"
        aria-label={sidebarOpen ? t.closeMenu : t.openMenu}
        aria-expanded={sidebarOpen}
        aria-controls="sidebar"
      />
      <img src="/logo.svg" alt="" className="toolbar-logo" width={36} height={36} />
      <div className="toolbar-titles">
        <h1 className="toolbar-title">
          <span className="title-full">{t.appTitle}</span>
          <span className="title-short">{t.appTitleShort}</span>
        </h1>
        <p className="toolbar-subtitle">{t.appSubtitle}</p>
      </div>
      <SearchBox />
      <LanguageSwitch />
    </header>
  );
}
