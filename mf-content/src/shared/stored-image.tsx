import { useState } from 'react';
import type { ImageMeta } from '@tca/contracts';
import { currentLang } from '@tca/ui/i18n';
import { imageSources } from './image-sources.js';
import styles from './status.module.css';

interface StoredImageProps {
  /** File name (or `/uploads/…` URL) of the image; null when the item has none. */
  src: string | null;
  meta: ImageMeta | null | undefined;
  /** `sizes` for the srcset: how wide the image is laid out. */
  sizes: string;
  /** Alt text when the server stored none. */
  fallbackAlt?: string;
  /** The first images a visitor sees load at once; the others when scrolled near. */
  eager?: boolean;
  className?: string;
  /** Shown on the placeholder that replaces a missing or broken image (e.g. the initials of a name). */
  placeholderText?: string;
}

/** An uploaded image with responsive sizes; a missing or broken image becomes a placeholder tile. */
export function StoredImage({ src, meta, sizes, fallbackAlt = '', eager = false, className, placeholderText }: StoredImageProps) {
  const sources = src ? imageSources(src, meta, fallbackAlt) : null;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // The alt text stored with an upload is content, written in English: marked so on a page in another language.
  const lang = meta?.alt && sources?.alt === meta.alt && currentLang() !== 'en' ? 'en' : undefined;

  if (!sources || failedSrc === sources.src) {
    const label = sources?.alt || fallbackAlt;
    return (
      <div
        className={[styles.placeholder, className].filter(Boolean).join(' ')}
        {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
        lang={label && label !== fallbackAlt ? lang : undefined}
        data-placeholder=""
      >
        <span aria-hidden="true">{placeholderText ?? '❋'}</span>
      </div>
    );
  }
  return (
    <img
      className={className}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      width={sources.width}
      height={sources.height}
      alt={sources.alt}
      lang={lang}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      onError={() => setFailedSrc(sources.src)}
    />
  );
}

/** "Spice Shop" → "SS": what a placeholder shows in place of a logo or photo. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toLocaleUpperCase() ?? '')
    .join('');
}
