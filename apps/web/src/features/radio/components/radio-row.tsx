import type { Radio } from '@efir/contract';
import { Carousel } from '../../../components/carousel.tsx';
import { RadioCard } from '../../../components/radio-card.tsx';

/** A titled row of radios in a carousel. */
export function RadioRow({
  id,
  title,
  radios,
  autoplayMs,
}: {
  id: string;
  title: string;
  radios: readonly Radio[];
  autoplayMs?: number;
}) {
  if (radios.length === 0) return null;
  return (
    <section className="section" data-testid={id}>
      <h2>{title}</h2>
      <Carousel
        label={title}
        perView={{ mobile: 1.5, wide: 4 }}
        gap={16}
        {...(autoplayMs === undefined ? {} : { autoplayMs })}
        slides={radios.map((radio) => ({ key: radio.id, content: <RadioCard radio={radio} /> }))}
      />
    </section>
  );
}
