// Links inside the site keep the URL's locale: on /ru-latn/… every link stays under /ru-latn.
import { Link, type LinkProps, NavLink, type NavLinkProps, type NavigateOptions, useNavigate } from 'react-router';
import { useI18n } from '../lib/i18n.tsx';
import { withLocale } from '../lib/locale.ts';

export function AppLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  const { urlLocale } = useI18n();
  return <Link to={withLocale(to, urlLocale)} {...props} />;
}

export function AppNavLink({ to, ...props }: Omit<NavLinkProps, 'to'> & { to: string }) {
  const { urlLocale } = useI18n();
  return <NavLink to={withLocale(to, urlLocale)} {...props} />;
}

export function useAppNavigate(): (to: string, options?: NavigateOptions) => void {
  const { urlLocale } = useI18n();
  const navigate = useNavigate();
  return (to, options) => {
    void navigate(withLocale(to, urlLocale), options);
  };
}
