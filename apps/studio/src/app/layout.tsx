// The studio's frame: the side bar of the screens the account may use, the header with who is
// signed in, the theme and the account's menu, and the screen itself.
import { mayCall, roleOf } from '@efir/contract';
import { LogOut, Menu, Moon, Sun, UserCog } from 'lucide-react';
import { useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { roleLabels } from '../lib/roles.ts';
import { setTheme, useTheme } from '../lib/theme.ts';
import { leaveStudio, useSession } from '../features/session/use-session.ts';
import { navigation } from './nav.ts';

export function Layout() {
  const session = useSession().data;
  const theme = useTheme();
  const role = session === null || session === undefined ? undefined : roleOf(session.user.role);
  // The phone menu is open on the page it was opened on: following a link closes it.
  const location = useLocation();
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const setMenuOpen = (open: boolean): void => {
    setMenuOpenOn(open ? location.pathname : null);
  };
  return (
    <div className="shell" data-menu-open={menuOpen}>
      <a className="skip-link" href="#content">
        К содержимому
      </a>
      <nav className="sidebar" aria-label="Разделы студии" id="studio-nav">
        <NavLink to="/" className="sidebar__brand">
          <svg viewBox="0 0 32 32" width="26" height="26" aria-hidden="true">
            <circle cx="16" cy="16" r="14" fill="none" stroke="currentColor" strokeOpacity=".45" strokeWidth="2.5" />
            <circle cx="16" cy="16" r="8.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <circle cx="16" cy="16" r="3.5" fill="#ff6b61" />
          </svg>
          Студия
        </NavLink>
        {navigation.map(({ group, screens }) => {
          const allowed = screens.filter((screen) => mayCall(screen.call, role));
          if (allowed.length === 0) return null;
          return (
            <div key={group} className="sidebar__group">
              <h2>{group}</h2>
              <ul>
                {allowed.map((screen) => (
                  <li key={screen.path}>
                    <NavLink to={screen.path} className="sidebar__link">
                      <screen.icon size={18} aria-hidden="true" />
                      {screen.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
        <div className="sidebar__group">
          <h2>Сайт</h2>
          <ul>
            <li>
              <a className="sidebar__link" href="/">
                Открыть сайт
              </a>
            </li>
          </ul>
        </div>
      </nav>
      <div className="main">
        <header className="topbar">
          <button
            type="button"
            className="icon-button topbar__menu-button"
            aria-label="Разделы"
            aria-controls="studio-nav"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuOpen(!menuOpen);
            }}
          >
            <Menu size={20} aria-hidden="true" />
          </button>
          <span className="topbar__who">
            <strong>{session?.user.login}</strong> · {role === undefined ? '' : roleLabels[role].toLowerCase()}
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label={theme === 'dark' ? 'Светлая тема' : 'Тёмная тема'}
            onClick={() => {
              setTheme(theme === 'dark' ? 'light' : 'dark');
            }}
          >
            {theme === 'dark' ? <Sun size={18} aria-hidden="true" /> : <Moon size={18} aria-hidden="true" />}
          </button>
          <NavLink to="/account" className="icon-button" aria-label="Учётная запись">
            <UserCog size={18} aria-hidden="true" />
          </NavLink>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              void leaveStudio();
            }}
          >
            <LogOut size={16} aria-hidden="true" />
            Выйти
          </button>
        </header>
        <main className="content" id="content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
