import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { isLocale } from '@efir/contract';
import { splitLocale, withLocale } from '../lib/locale.ts';
import { readStored } from '../lib/storage.ts';
import { NotFoundRoute } from './routes/not-found.tsx';

/** The first segment of `/:locale/…`: an allowed locale shows the screen; a locale-shaped other
 * value goes to the stored locale's form of the same path; anything else is not a page. */
export function LocaleGate() {
  const { locale } = useParams();
  const { pathname, search, hash } = useLocation();
  if (isLocale(locale)) return <Outlet />;
  const { unknown, rest } = splitLocale(pathname);
  if (unknown === undefined) return <NotFoundRoute />;
  const stored = readStored('locale');
  return <Navigate replace to={`${withLocale(rest, isLocale(stored) ? stored : undefined)}${search}${hash}`} />;
}
