import { ExternalLink, Mail, MapPin } from 'lucide-react';
import { AppLink } from '../../components/app-link.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { appStoreUrl, contactEmail, copyrightStartYear, externalUrl, googlePlayUrl } from '../../lib/site.ts';
import { Logo } from './logo.tsx';
import { navLinks } from './nav-links.ts';

export function Footer() {
  const { t } = useI18n();
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <AppLink to="/" className="footer__logo" aria-label={t('app.name')}>
            <Logo />
          </AppLink>
          <p className="footer__contact">
            <Mail aria-hidden="true" size={18} />
            <span className="visually-hidden">{t('footer.contact')}: </span>
            <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </p>
          <p className="footer__contact">
            <MapPin aria-hidden="true" size={18} />
            <span>{t('footer.address')}</span>
          </p>
        </div>
        <nav className="footer__nav" aria-label={t('footer.sections')}>
          <ul>
            {navLinks.map((link) => (
              <li key={link.to}>
                <AppLink to={link.to}>{t(link.label)}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer__apps">
          <h2 className="footer__heading">{t('footer.apps')}</h2>
          <ul>
            <li>
              <a className="store-link" href={appStoreUrl} rel="noopener noreferrer" target="_blank">
                {t('footer.app_store')}
              </a>
            </li>
            <li>
              <a className="store-link" href={googlePlayUrl} rel="noopener noreferrer" target="_blank">
                {t('footer.google_play')}
              </a>
            </li>
            <li>
              <a className="footer__external" href={externalUrl} rel="noopener noreferrer" target="_blank">
                {t('footer.external')}
                <ExternalLink aria-hidden="true" size={16} />
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="footer__legal">
        <p>
          © {copyrightStartYear}–{year} {t('app.name')}. {t('footer.copyright')}
        </p>
        <ul>
          <li>
            <a href="#">{t('footer.privacy')}</a>
          </li>
          <li>
            <a href="#">{t('footer.terms')}</a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
