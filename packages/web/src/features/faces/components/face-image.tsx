import {
  FACE_BOX_MIN,
  type FaceBoxInput,
  type FaceReviewImage,
  type ReviewFace,
} from '@fogata/shared';
import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { T } from '../texts';

/**
 * What a face's chip says: the child's name, or its status; a child of a section the viewer does
 * not manage, only that (the server sends no name: decision 106).
 */
export function faceLabel(face: ReviewFace): string {
  if (face.status === 'child' && !face.changeable) return T.otherSection;
  return face.status === 'child' && face.child ? face.child.full_name : T.status[face.status];
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** The box between two points (fractions), whichever way the drag went. */
export function boxBetween(a: { x: number; y: number }, b: { x: number; y: number }): FaceBoxInput {
  const x = clamp(Math.min(a.x, b.x));
  const y = clamp(Math.min(a.y, b.y));
  return { x, y, width: clamp(Math.max(a.x, b.x)) - x, height: clamp(Math.max(a.y, b.y)) - y };
}

/** How far one arrow key moves or resizes the keyboard's box: 2 % of the image's side. */
export const KEY_STEP = 0.02;

/** Four decimals: the box's sums stay within the image (no 0.30000000000000004). */
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * The box the keyboard starts from: a square of a fifth of the image's shorter side, in its
 * middle (fractions of each side, so a square on screen whatever the image's shape).
 */
export function middleBox(width: number, height: number): FaceBoxInput {
  const side = 0.2 * Math.min(width, height);
  const w = round(width > 0 ? side / width : 0.2);
  const h = round(height > 0 ? side / height : 0.2);
  return { x: round((1 - w) / 2), y: round((1 - h) / 2), width: w, height: h };
}

/**
 * The box after an arrow key: moved by `KEY_STEP`, or with Shift resized (right and down grow
 * it, left and up shrink it; the top left corner stays), always within the image and never
 * smaller than `FACE_BOX_MIN`. Null for any other key.
 */
export function keyedBox(box: FaceBoxInput, key: string, shift: boolean): FaceBoxInput | null {
  const dx = key === 'ArrowRight' ? KEY_STEP : key === 'ArrowLeft' ? -KEY_STEP : 0;
  const dy = key === 'ArrowDown' ? KEY_STEP : key === 'ArrowUp' ? -KEY_STEP : 0;
  if (dx === 0 && dy === 0) return null;
  if (shift) {
    return {
      ...box,
      width: round(Math.min(1 - box.x, Math.max(FACE_BOX_MIN, box.width + dx))),
      height: round(Math.min(1 - box.y, Math.max(FACE_BOX_MIN, box.height + dy))),
    };
  }
  return {
    ...box,
    x: round(Math.min(1 - box.width, Math.max(0, box.x + dx))),
    y: round(Math.min(1 - box.height, Math.max(0, box.y + dy))),
  };
}

const percent = (v: number) => Math.round(v * 100);

interface FaceImageProps {
  image: FaceReviewImage;
  alt: string;
  selectedId: number | null;
  onSelect: (face: ReviewFace) => void;
  /**
   * Drawing a box: a drag on the image, or the keyboard's box moved with the arrows and saved
   * with Enter, gives `onDraw` the box (fractions of the image).
   */
  drawing: boolean;
  onDraw: (box: FaceBoxInput) => void;
  /** Escape on the keyboard's box. */
  onCancel: () => void;
}

/**
 * The image with its faces' boxes over it (fractions of its size, so they follow any width). A
 * click on a box selects its face; the chips under the image are the keyboard's way. While
 * drawing, a pointer drag (mouse, pen or finger: pointer events, and `touch-action: none` on the
 * surface so a finger draws instead of scrolling) marks a new box; or, for the keyboard, a box
 * starts in the middle with the focus, the arrows move it, Shift + arrows resize it, Enter saves
 * it and Escape cancels (decision 097).
 */
export function FaceImage({
  image,
  alt,
  selectedId,
  onSelect,
  drawing,
  onDraw,
  onCancel,
}: FaceImageProps) {
  const surface = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<{ x: number; y: number } | null>(null);
  const [end, setEnd] = useState<{ x: number; y: number } | null>(null);

  const point = (event: PointerEvent) => {
    const rect = surface.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return { x: 0, y: 0 };
    return {
      x: clamp((event.clientX - rect.left) / rect.width),
      y: clamp((event.clientY - rect.top) / rect.height),
    };
  };
  const draft = start && end ? boxBetween(start, end) : null;
  const [keyed, setKeyed] = useState<FaceBoxInput>(() => middleBox(image.width, image.height));
  const keyBox = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const whereId = useId();

  // Each time drawing starts: the box back in the middle, with the focus.
  useEffect(() => {
    if (!drawing) return;
    setKeyed(middleBox(image.width, image.height));
    keyBox.current?.focus();
  }, [drawing, image.width, image.height]);

  const onBoxKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onDraw(keyed);
      return;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
      return;
    }
    const next = keyedBox(keyed, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    setKeyed(next);
  };

  return (
    <div
      className="face-image"
      style={
        image.width && image.height
          ? ({
              aspectRatio: `${image.width} / ${image.height}`,
              '--face-image-ratio': image.width / image.height,
            } as CSSProperties)
          : undefined
      }
    >
      <img src={image.image_url} alt={alt} draggable={false} />
      {image.faces.map((face, i) => (
        <div
          key={face.id}
          aria-hidden="true"
          data-face-box={face.id}
          data-status={face.status}
          className={face.id === selectedId ? 'face-box face-box-selected' : 'face-box'}
          style={{
            left: `${face.x * 100}%`,
            top: `${face.y * 100}%`,
            width: `${face.width * 100}%`,
            height: `${face.height * 100}%`,
          }}
          onClick={() => onSelect(face)}
        >
          <span className="face-box-number">{i + 1}</span>
        </div>
      ))}
      {drawing && (
        <div
          ref={surface}
          className="face-draw-surface"
          data-testid="face-draw-surface"
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture?.(event.pointerId);
            const p = point(event);
            setStart(p);
            setEnd(p);
          }}
          onPointerMove={(event) => {
            if (start) setEnd(point(event));
          }}
          onPointerUp={(event) => {
            if (!start) return;
            const box = boxBetween(start, point(event));
            setStart(null);
            setEnd(null);
            if (box.width >= FACE_BOX_MIN && box.height >= FACE_BOX_MIN) onDraw(box);
          }}
          onPointerCancel={() => {
            setStart(null);
            setEnd(null);
          }}
        >
          {draft && (
            <div
              className="face-box face-box-draft"
              style={{
                left: `${draft.x * 100}%`,
                top: `${draft.y * 100}%`,
                width: `${draft.width * 100}%`,
                height: `${draft.height * 100}%`,
              }}
            />
          )}
          {/* The keyboard's box: a widget of its own, so a screen reader hands it the arrows. */}
          <div
            ref={keyBox}
            role="application"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: an application is a widget the keys move
            tabIndex={0}
            aria-label={T.keyBox}
            aria-describedby={`${helpId} ${whereId}`}
            data-testid="face-key-box"
            className="face-box face-box-draft face-box-keyed"
            hidden={draft !== null}
            style={{
              left: `${keyed.x * 100}%`,
              top: `${keyed.y * 100}%`,
              width: `${keyed.width * 100}%`,
              height: `${keyed.height * 100}%`,
            }}
            onKeyDown={onBoxKey}
          />
          <span id={helpId} className="visually-hidden">
            {T.keyBoxHelp}
          </span>
          <span id={whereId} className="visually-hidden" aria-live="polite">
            {T.keyBoxWhere(
              percent(keyed.x),
              percent(keyed.y),
              percent(keyed.width),
              percent(keyed.height),
            )}
          </span>
        </div>
      )}
    </div>
  );
}
