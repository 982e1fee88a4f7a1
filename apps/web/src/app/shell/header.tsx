import { searchQueryMaxLength } from '@efir/contract';
import { Menu, Moon, Search, Sun, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { AppLink, AppNavLink, useAppNavigate } from '../../components/app-link.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { nextLocale, splitLocale, withLocale } from '../../lib/locale.ts';
import { writeStored } from '../../lib/storage.ts';
import { setTheme, useTheme } from '../../lib/theme.ts';
import { Logo } from './logo.tsx';
import { navLinks } from './nav-links.ts';

/** Moves to the next script: saved, then the page loads again in it. */
function switchScript(current: Parameters<typeof nextLocale>[0]): void {
  const next = nextLocale(current);
  writeStored('locale', next);
  const { locale, rest } = splitLocale(window.location.pathname);
  if (locale === undefined) {
    window.location.reload();
    return;
  }
  window.location.assign(`${withLocale(rest, next)}${window.location.search}${window.location.hash}`);
}

export function Header() {
  const { t, locale } = useI18n();
  const theme = useTheme();
  const navigate = useAppNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [query, setQuery] = useState('');
  const menuId = useId();
  const searchId = useId();
  const searchInput = useRef<HTMLInputElement>(null);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const searchToggle = useRef<HTMLButtonElement>(null);

  // An opened search is for typing: its field takes the focus.
  useEffect(() => {
    if (searchOpen) searchInput.current?.focus();
  }, [searchOpen]);

  // Escape closes what the toggles opened and gives the focus back to the toggle.
  useEffect(() => {
    if (!menuOpen && !searchOpen) return;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      if (searchOpen) {
        setSearchOpen(false);
        searchToggle.current?.focus();
      } else {
        setMenuOpen(false);
        menuToggle.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen, searchOpen]);
  return (
    <header className="header">
      <div className="header__bar">
        <AppLink to="/" className="header__logo" aria-label={t('app.name')}>
          <Logo />
        </AppLink>
        <nav id={menuId} className={`header__nav ${menuOpen ? 'header__nav--open' : ''}`} aria-label={t('nav.menu')}>
          <ul>
            {navLinks.map((link) => (
              <li key={link.to}>
                <AppNavLink
                  to={link.to}
                  end
                  className="header__link"
                  onClick={() => {
                    setMenuOpen(false);
                  }}
                >
                  {t(link.label)}
                </AppNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <form
          id={searchId}
          role="search"
          className={`header__search ${searchOpen ? 'header__search--open' : ''}`}
          onSubmit={(event) => {
            event.preventDefault();
            const q = query.trim();
            if (q === '') return;
            navigate(`/search?q=${encodeURIComponent(q)}`);
            setSearchOpen(false);
            setMenuOpen(false);
            setQuery('');
          }}
        >
          <label className="visually-hidden" htmlFor={`${searchId}-input`}>
            {t('header.search_placeholder')}
          </label>
          <input
            ref={searchInput}
            id={`${searchId}-input`}
            type="search"
            name="q"
            maxLength={searchQueryMaxLength}
            autoComplete="off"
            placeholder={t('header.search_placeholder')}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
            }}
          />
          <button type="submit" className="icon-button" aria-label={t('header.search_submit')}>
            <Search aria-hidden="true" size={20} />
          </button>
        </form>
        <div className="header__tools">
          <IconButton
            ref={searchToggle}
            className="icon-button header__search-toggle"
            label={t('header.search_open')}
            aria-controls={searchId}
            aria-expanded={searchOpen}
            onClick={() => {
              setSearchOpen((open) => !open);
            }}
          >
            {searchOpen ? <X aria-hidden="true" size={20} /> : <Search aria-hidden="true" size={20} />}
          </IconButton>
          <IconButton
            label={t('header.theme_dark')}
            aria-pressed={theme === 'dark'}
            title={theme === 'dark' ? t('header.theme_light') : t('header.theme_dark')}
            onClick={() => {
              setTheme(theme === 'dark' ? 'light' : 'dark');
            }}
          >
            {theme === 'dark' ? <Sun aria-hidden="true" size={20} /> : <Moon aria-hidden="true" size={20} />}
          </IconButton>
          <button
            type="button"
            className="header__script"
            lang={locale === 'ru-cyrl' ? 'ru-Latn' : 'ru'}
            onClick={() => {
              switchScript(locale);
            }}
          >
            {t('header.script_switch')}
          </button>
          <IconButton
            ref={menuToggle}
            className="icon-button header__menu-toggle"
            label={t('nav.menu')}
            aria-controls={menuId}
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuOpen((open) => !open);
            }}
          >
            {menuOpen ? <X aria-hidden="true" size={22} /> : <Menu aria-hidden="true" size={22} />}
          </IconButton>
        </div>
      </div>
    </header>
  );
}
