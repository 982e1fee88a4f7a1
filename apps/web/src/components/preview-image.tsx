import { useState } from 'react';
import defaultPreview from '../assets/default-preview.svg';

interface PreviewImageProps {
  src: string;
  className?: string;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
}

/** A preview picture, or the default picture when there is none or it fails to load. Decorative:
 * the name beside it says what it is. */
export function PreviewImage({ src, className, eager = false }: PreviewImageProps) {
  const [failed, setFailed] = useState<string>();
  const fallback = src === '' || failed === src;
  return (
    <img
      className={className}
      src={fallback ? defaultPreview : src}
      data-default-preview={fallback ? '' : undefined}
      alt=""
      width={320}
      height={180}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => {
        setFailed(src);
      }}
    />
  );
}
