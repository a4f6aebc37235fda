import { useCallback, useState } from 'react';

export interface ImageWithPlaceholderProps {
  src: string | null | undefined;
  alt: string;
  /** A tiny inline image (data: URL) shown blurred until `src` has loaded. */
  placeholder?: string | null;
  /** The image's own size: reserves its box so nothing moves when it arrives. */
  width?: number | null;
  height?: number | null;
  /** A fixed box (width / height) instead of the image's own proportions, e.g. 4 / 3 on cards. */
  ratio?: number;
  /** 'cover' crops to fill the box (grids); 'contain' shows all of it (detail views). */
  fit?: 'cover' | 'contain';
  loading?: 'lazy' | 'eager';
  /**
   * The page's largest image, above the fold: fetched at once and at high priority, and shown
   * without the fade-in, so it paints as soon as it arrives (the LCP element).
   */
  priority?: boolean;
  className?: string;
  /** Caps the box's height (e.g. '70vh' in a modal); the image keeps its proportions inside. */
  maxHeight?: string;
}

/**
 * An image in a box of known proportions, with its blurred placeholder underneath: the page does
 * not jump while images load, and a slow connection sees a preview at once.
 */
export function ImageWithPlaceholder({
  src,
  alt,
  placeholder,
  width,
  height,
  ratio,
  fit = 'cover',
  loading = 'lazy',
  priority = false,
  className,
  maxHeight,
}: ImageWithPlaceholderProps) {
  const [loaded, setLoaded] = useState<string | null>(null);
  // An image of a page drawn on the server may have arrived before the browser hydrated it: its
  // load event is gone, so it is shown as soon as React meets it complete.
  const shownIfComplete = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth > 0) setLoaded(src ?? null);
    },
    [src],
  );
  const aspect = ratio ?? (width && height ? width / height : 4 / 3);
  return (
    <div
      className={['media-box', className].filter(Boolean).join(' ')}
      // Capping the height also narrows the box, so it keeps the image's proportions.
      style={{
        aspectRatio: String(aspect),
        maxHeight,
        maxWidth: maxHeight ? `calc(${maxHeight} * ${aspect})` : undefined,
        marginInline: maxHeight ? 'auto' : undefined,
      }}
    >
      {placeholder && (
        <img src={placeholder} alt="" aria-hidden="true" className="media-box-placeholder" />
      )}
      {src && (
        <img
          src={src}
          alt={alt}
          width={width ?? undefined}
          height={height ?? undefined}
          loading={priority ? 'eager' : loading}
          fetchPriority={priority ? 'high' : undefined}
          decoding={priority ? 'sync' : 'async'}
          className={`media-box-image ${priority || loaded === src ? 'is-loaded' : ''}`}
          style={{ objectFit: fit }}
          onLoad={() => setLoaded(src)}
          ref={shownIfComplete}
        />
      )}
    </div>
  );
}
