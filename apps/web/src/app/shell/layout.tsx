import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FilePlayer } from '../../features/file-player/components/file-player.tsx';
import { EfirPlayer } from '../../features/live-radio/components/efir-player.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { splitLocale } from '../../lib/locale.ts';
import { CookieNotice } from './cookie-notice.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { ProgressBar } from './progress-bar.tsx';
import './shell.css';
import './header.css';
import './footer.css';

/** The frame every screen shares: header, footer, the global file player, the cookie notice. */
export function Layout() {
  const { t, urlLocale } = useI18n();
  const location = useLocation();
  const { pathname, search, hash } = location;

  const navigated = useRef(false);
  useEffect(() => {
    // An anchor inside the page scrolls itself; any other navigation starts at the top. A page
    // that has just loaded is at the top already (and scrolling would force a layout mid-render).
    if (!navigated.current) {
      navigated.current = true;
      return;
    }
    if (hash === '') window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname, search, hash]);

  useEffect(() => {
    // The script is fixed for a page load; a history step into the other script loads it afresh.
    if (splitLocale(pathname).locale !== urlLocale) window.location.reload();
  }, [pathname, urlLocale]);

  // The dock is fixed to the window's bottom; the shell keeps as much room below the footer.
  const shell = useRef<HTMLDivElement>(null);
  const dock = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const docked = dock.current;
    if (docked === null) return;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? 0;
      shell.current?.style.setProperty('--dock-height', `${Math.ceil(height)}px`);
    });
    observer.observe(docked);
    return () => {
      observer.disconnect();
    };
  }, []);

  return (
    <div className="shell" ref={shell}>
      <a className="skip-link" href="#main">
        {t('shell.skip_to_content')}
      </a>
      <ProgressBar />
      <Header />
      <main id="main" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <div className="shell__dock" ref={dock}>
        <FilePlayer />
        <EfirPlayer />
        <CookieNotice />
      </div>
    </div>
  );
}
