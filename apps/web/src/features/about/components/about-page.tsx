import type { About } from '@efir/contract';
import { Mail, MapPin } from 'lucide-react';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { contactEmail } from '../../../lib/site.ts';
import { useAbout } from '../api/get-about.ts';
import './about.css';

type AboutText = Exclude<keyof About, 'id'>;

const sections = [
  { id: 'idea', label: 'about.idea', title: 'title1', text: 'disc1' },
  { id: 'mission', label: 'about.mission', title: 'title2', text: 'disc2' },
  { id: 'theme', label: 'about.theme', title: 'title3', text: 'disc3' },
  { id: 'cooperation', label: 'about.cooperation', title: 'title4', text: 'disc4' },
  { id: 'contact', label: 'about.contact', title: 'title5', text: undefined },
] as const satisfies readonly { id: string; label: string; title: AboutText; text: AboutText | undefined }[];

/** /about: a side menu and the five sections (idea, mission, theme, cooperation, contact). */
export function AboutPage() {
  const { t } = useI18n();
  const about = useAbout();
  const data = about.data;
  return (
    <div className="about">
      <nav className="about__menu" aria-label={t('about.menu')}>
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>
                {data === undefined ? t(section.label) : data[section.title] || t(section.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="about__content">
        {data === undefined ? (
          about.isPending ? (
            <>
              <Skeleton height="2em" width="60%" />
              <Skeleton height="6em" />
              <Skeleton height="6em" />
            </>
          ) : null
        ) : (
          <>
            <div className="about__intro">
              <h2>{data.title0}</h2>
              <p>{data.disc0}</p>
            </div>
            {sections.map((section) => (
              <section
                key={section.id}
                id={section.id}
                className="about__section"
                aria-labelledby={`${section.id}-title`}
              >
                <h2 id={`${section.id}-title`}>{data[section.title] || t(section.label)}</h2>
                {section.text === undefined ? (
                  <address className="about__contact">
                    <p>
                      <Mail aria-hidden="true" size={18} />
                      <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
                    </p>
                    <p>
                      <MapPin aria-hidden="true" size={18} />
                      <span>{t('footer.address')}</span>
                    </p>
                  </address>
                ) : (
                  <p>{data[section.text]}</p>
                )}
              </section>
            ))}
          </>
        )}
      </div>
    </div>
  );
}
