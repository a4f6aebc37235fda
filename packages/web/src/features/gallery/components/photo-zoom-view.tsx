import type { Photo } from '@fogata/shared';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../../components/icons';
import { GALLERY_TEXTS as T } from '../texts';
import { swipeDirection } from './swipe';

/** How far a photo may be enlarged. */
const MAX_SCALE = 5;
/** A double click or tap enlarges to this, or back to 1. */
const DOUBLE_SCALE = 2.5;

interface Zoom {
  scale: number;
  x: number;
  y: number;
}

interface PhotoZoomViewProps {
  photo: Photo;
  alt: string;
  onClose: () => void;
  onPrevious?: () => void;
  onNext?: () => void;
}

/**
 * 'Detalle de Foto' at full screen (decision 038): the display copy alone on black, enlarged by
 * pinching (or a double click), moved by dragging once enlarged; at its normal size a swipe or
 * the arrow keys go to the next or previous photo. Escape, the close button or leaving the
 * browser's full screen come back to the detail.
 */
export function PhotoZoomView({ photo, alt, onClose, onPrevious, onNext }: PhotoZoomViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const [zoom, setZoom] = useState<Zoom>({ scale: 1, x: 0, y: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ zoom: Zoom; distance: number; x: number; y: number } | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const closing = useRef(onClose);
  closing.current = onClose;

  // A new photo starts at its normal size.
  const [shown, setShown] = useState(photo.id);
  if (shown !== photo.id) {
    setShown(photo.id);
    setZoom({ scale: 1, x: 0, y: 0 });
  }

  useEffect(() => {
    const element = ref.current;
    close.current?.focus();
    // The browser's own full screen where it has one; the view covers the window anyway.
    element?.requestFullscreen?.().catch(() => {});
    const onChange = () => {
      if (!document.fullscreenElement) closing.current();
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    };
  }, []);

  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onPointerDown = (event: PointerEvent) => {
    if ((event.target as HTMLElement).closest('button')) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 1) start.current = { x: event.clientX, y: event.clientY };
    gesture.current = { zoom, distance: spread(), x: event.clientX, y: event.clientY };
  };

  const onPointerMove = (event: PointerEvent) => {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const from = gesture.current;
    if (pointers.current.size >= 2 && from.distance > 0) {
      const scale = Math.min(MAX_SCALE, Math.max(1, (from.zoom.scale * spread()) / from.distance));
      setZoom(scale === 1 ? { scale, x: 0, y: 0 } : { ...from.zoom, scale });
    } else if (pointers.current.size === 1 && from.zoom.scale > 1) {
      setZoom({
        ...from.zoom,
        x: from.zoom.x + event.clientX - from.x,
        y: from.zoom.y + event.clientY - from.y,
      });
    }
  };

  const onPointerUp = (event: PointerEvent) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const from = start.current;
    if (pointers.current.size === 0 && from && zoom.scale === 1) {
      const direction = swipeDirection(from, { x: event.clientX, y: event.clientY });
      if (direction === 'next') onNext?.();
      if (direction === 'previous') onPrevious?.();
    }
    if (pointers.current.size === 0) start.current = null;
    // The finger left on the screen carries on from where the pinch stopped.
    gesture.current = { zoom, distance: spread(), x: event.clientX, y: event.clientY };
  };

  return (
    <div
      ref={ref}
      className="photo-zoom"
      role="dialog"
      aria-modal="true"
      aria-label={T.fullScreenTitle}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={() =>
        setZoom((z) => (z.scale > 1 ? { scale: 1, x: 0, y: 0 } : { ...z, scale: DOUBLE_SCALE }))
      }
    >
      <img
        src={photo.image_url}
        alt={alt}
        draggable={false}
        className="photo-zoom-image"
        style={{ transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` }}
      />
      <p className="visually-hidden">{T.zoomHelp}</p>
      <button
        ref={close}
        type="button"
        className="photo-zoom-button photo-zoom-close"
        aria-label={T.exitFullScreen}
        title={T.exitFullScreen}
        onClick={onClose}
      >
        <CloseIcon size={24} />
      </button>
      {onPrevious && (
        <button
          type="button"
          className="photo-zoom-button photo-zoom-previous"
          aria-label={T.previousPhoto}
          title={T.previousPhoto}
          onClick={onPrevious}
        >
          <ChevronLeftIcon size={28} />
        </button>
      )}
      {onNext && (
        <button
          type="button"
          className="photo-zoom-button photo-zoom-next"
          aria-label={T.nextPhoto}
          title={T.nextPhoto}
          onClick={onNext}
        >
          <ChevronRightIcon size={28} />
        </button>
      )}
    </div>
  );
}
