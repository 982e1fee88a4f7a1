// A carousel with the spec's numbers (slides per view, spacing, autoplay, slides per move) on
// Embla. It loads with the screens that use it, never with the shell.
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  type CSSProperties,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { afterPaint, useNearViewport } from '../lib/after-paint.ts';
import { useReducedMotion } from '../lib/reduced-motion.ts';
import { useI18n } from '../lib/i18n.tsx';
import { IconButton } from './icon-button.tsx';
import './carousel.css';

/** The buttons under the slides: the edge each needs room beyond, its name, its icon and its move. */
const arrows = [
  { edge: 'prev', label: 'carousel.previous', Icon: ChevronLeft, scroll: 'scrollPrev' },
  { edge: 'next', label: 'carousel.next', Icon: ChevronRight, scroll: 'scrollNext' },
] as const;

interface CarouselProps {
  /** Its region's name. A titled row around it is not a region of its own, or a screen reader's
   * list of regions would name each row twice. */
  label: string;
  slides: readonly { key: string | number; content: ReactNode }[];
  /** Slides per view below 700 px and from 700 px. */
  perView: { mobile: number; wide: number };
  /** Space between slides, px. */
  gap?: number;
  autoplayMs?: number;
  slidesToScroll?: number;
  startIndex?: number;
  loop?: boolean;
  className?: string;
}

export function Carousel({
  label,
  slides,
  perView,
  gap = 16,
  autoplayMs,
  slidesToScroll = 1,
  startIndex = 0,
  loop = false,
  className,
}: CarouselProps) {
  const { t } = useI18n();
  // A visitor who asked for less motion gets no slide moving by itself (WCAG 2.2.2, 2.3.3).
  const stillness = useReducedMotion();
  const plugins = useMemo(
    () =>
      autoplayMs === undefined || stillness
        ? []
        : [Autoplay({ delay: autoplayMs, stopOnInteraction: false, stopOnMouseEnter: true })],
    [autoplayMs, stillness],
  );
  const autoplaying = plugins.length > 0;
  // The slide to keep across a re-init: Embla goes back to its `startIndex` on every change of its
  // options (less motion asked meanwhile), so the slide shown is put back, unless the change is a
  // new `startIndex` itself. Set before Embla's own effect re-inits it.
  const kept = useRef(startIndex);
  useEffect(() => {
    kept.current = startIndex;
  }, [startIndex]);
  const [viewportRef, embla] = useEmblaCarousel(
    {
      align: 'start',
      slidesToScroll,
      startIndex,
      loop,
      containScroll: loop ? false : 'trimSnaps',
      // A move by the arrows jumps instead of gliding.
      ...(stillness ? { duration: 0 } : {}),
    },
    plugins,
  );
  // Embla measures the slides when it gets its viewport, so it gets it only once the carousel is
  // near the screen, and after a paint: the CSS already lays the slides out as Embla will, a page
  // of many rows does not measure them all while it loads, and the measuring finds the layout done.
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  const [measurable, setMeasurable] = useState(false);
  useEffect(
    () =>
      near
        ? afterPaint(() => {
            setMeasurable(true);
          })
        : undefined,
    [near],
  );
  useEffect(() => {
    if (embla === undefined) return;
    const selected = (): void => {
      kept.current = embla.selectedScrollSnap();
    };
    const restored = (): void => {
      if (embla.selectedScrollSnap() !== kept.current) embla.scrollTo(kept.current, true);
    };
    embla.on('select', selected).on('reInit', restored);
    return () => {
      embla.off('select', selected).off('reInit', restored);
    };
  }, [embla]);
  const edges = useSyncExternalStore(
    useCallback(
      (changed: () => void) => {
        embla?.on('select', changed).on('reInit', changed);
        return () => {
          embla?.off('select', changed).off('reInit', changed);
        };
      },
      [embla],
    ),
    () =>
      embla === undefined ? 'none' : `${embla.canScrollPrev() ? 'prev' : ''}${embla.canScrollNext() ? 'next' : ''}`,
  );
  const style = {
    '--carousel-per-view': perView.mobile,
    '--carousel-per-view-wide': perView.wide,
    '--carousel-gap': `${gap}px`,
  } as CSSProperties;
  return (
    <section
      ref={section}
      className={`carousel ${className ?? ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      style={style}
    >
      <div className="carousel__viewport" ref={measurable ? viewportRef : undefined}>
        {/* A screen reader hears a slide that the visitor brought, not each one autoplay brings
            (the ARIA carousel pattern). */}
        <div className="carousel__container" aria-live={autoplaying ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              className="carousel__slide"
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} / ${slides.length}`}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      <div className="carousel__controls">
        {arrows.map(({ edge, label, Icon, scroll }) => (
          <IconButton
            key={edge}
            className="carousel__button"
            label={t(label)}
            disabled={!edges.includes(edge)}
            onClick={() => embla?.[scroll]()}
          >
            <Icon aria-hidden="true" size={20} />
          </IconButton>
        ))}
      </div>
    </section>
  );
}
