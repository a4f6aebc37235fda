import {
  FACE_BOX_MIN,
  type FaceBoxInput,
  type FaceReviewImage,
  type ReviewFace,
} from '@fogata/shared';
import { type CSSProperties, type PointerEvent, useRef, useState } from 'react';
import { T } from '../texts';

/** What a face's chip says: the child's name, or its status. */
export function faceLabel(face: ReviewFace): string {
  return face.status === 'child' && face.child ? face.child.full_name : T.status[face.status];
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** The box between two points (fractions), whichever way the drag went. */
export function boxBetween(a: { x: number; y: number }, b: { x: number; y: number }): FaceBoxInput {
  const x = clamp(Math.min(a.x, b.x));
  const y = clamp(Math.min(a.y, b.y));
  return { x, y, width: clamp(Math.max(a.x, b.x)) - x, height: clamp(Math.max(a.y, b.y)) - y };
}

interface FaceImageProps {
  image: FaceReviewImage;
  alt: string;
  selectedId: number | null;
  onSelect: (face: ReviewFace) => void;
  /** Drawing a box: a drag on the image gives `onDraw` the box (fractions of the image). */
  drawing: boolean;
  onDraw: (box: FaceBoxInput) => void;
}

/**
 * The image with its faces' boxes over it (fractions of its size, so they follow any width). A
 * click on a box selects its face; the chips under the image are the keyboard's way. While
 * drawing, a pointer drag (mouse, pen or finger) marks a new box.
 */
export function FaceImage({ image, alt, selectedId, onSelect, drawing, onDraw }: FaceImageProps) {
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
        </div>
      )}
    </div>
  );
}
