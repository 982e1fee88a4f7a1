import { AppLink } from '../../../components/app-link.tsx';
import { PreviewImage } from '../../../components/preview-image.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { useAbout } from '../api/get-about.ts';
import './about.css';

/** The home page's about block: the introduction and a link to /about. */
export function AboutBlock() {
  const { t } = useI18n();
  const about = useAbout();
  if (about.data === undefined) return about.isPending ? <Skeleton height="160px" /> : null;
  return (
    <section className="about-block" aria-labelledby="about-block-title">
      <div className="about-block__text">
        <h2 id="about-block-title">{about.data.title0}</h2>
        <p>{about.data.disc0}</p>
        <AppLink className="button" to="/about">
          {t('about.more')}
        </AppLink>
      </div>
      {about.data.poster === '' ? null : <PreviewImage src={about.data.poster} className="about-block__poster" />}
    </section>
  );
}
