import { normalisedLink, type Slide, type SlideshowName } from '@efir/contract';
import { Play } from 'lucide-react';
import { useDeferredValue } from 'react';
import { AppLink } from '../../../components/app-link.tsx';
import { Carousel } from '../../../components/carousel.tsx';
import { PreviewImage } from '../../../components/preview-image.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { isRadioReady } from '../../../lib/media-ready.ts';
import { playRadio } from '../../../lib/player-store.ts';
import { useSlideshow } from '../api/get-slideshow.ts';
import './slideshow.css';

function SlideTags({ slide }: { slide: Slide }) {
  if (slide.tags.length === 0) return null;
  return (
    <ul className="slide__tags">
      {slide.tags.map((tag) => (
        <li key={tag.name} className={tag.color === 1 ? 'tag tag--blue' : 'tag tag--grey'}>
          {tag.name}
        </li>
      ))}
    </ul>
  );
}

function SlideTarget({ slide }: { slide: Slide }) {
  const { t } = useI18n();
  const radio = slide.radio;
  if (radio !== null && !isRadioReady(radio)) {
    return (
      <span className="slide__target" data-ready="false">
        {slide.name} · {t('media.preparing')}
      </span>
    );
  }
  if (radio !== null) {
    return (
      <button
        type="button"
        className="slide__target"
        onClick={() => {
          playRadio(radio);
        }}
      >
        <Play aria-hidden="true" size={18} fill="currentColor" />
        <span className="visually-hidden">{t('player.play')}: </span>
        {slide.name}
      </button>
    );
  }
  // Read as a browser reads it: a link stored before links were checked so, naming another host
  // (`/\\evil.example/`), leads nowhere.
  const link = normalisedLink(slide.link);
  if (link === undefined) return <span className="slide__target">{slide.name}</span>;
  if (link.startsWith('https://')) {
    return (
      <a className="slide__target" href={link} rel="noopener noreferrer">
        {slide.name}
      </a>
    );
  }
  return (
    <AppLink className="slide__target" to={link === '' ? '/' : link}>
      {slide.name}
    </AppLink>
  );
}

interface SlideshowProps {
  name: SlideshowName;
  label: string;
  autoplayMs: number;
  perView?: { mobile: number; wide: number };
}

/** Slides with a picture, a name that links (or plays a radio) and grey or blue tags. */
export function Slideshow({ name, label, autoplayMs, perView = { mobile: 1, wide: 1 } }: SlideshowProps) {
  const slideshow = useSlideshow(name);
  // Its slides are built in the background, in slices, not in the update that brings them.
  const slides = useDeferredValue(slideshow.data);
  const wide = perView.wide > 1;
  if (slides === undefined) {
    return slideshow.isError ? null : (
      <Skeleton className={`slideshow-skeleton ${wide ? '' : 'slideshow-skeleton--hero'}`} height="auto" />
    );
  }
  if (slides.length === 0) return null;
  return (
    <Carousel
      className={`slideshow ${wide ? 'slideshow--cards' : 'slideshow--hero'}`}
      label={label}
      perView={perView}
      gap={wide ? 16 : 0}
      autoplayMs={autoplayMs}
      loop
      slides={slides.map((slide, index) => ({
        key: slide.id,
        content: (
          <article className="slide" data-testid="slide">
            <PreviewImage src={slide.get_preview} className="slide__image" eager={index === 0} />
            <div className="slide__caption">
              <span className="slide__fade" aria-hidden="true" />
              <SlideTags slide={slide} />
              <h2 className="slide__name">
                <SlideTarget slide={slide} />
              </h2>
            </div>
          </article>
        ),
      }))}
    />
  );
}
