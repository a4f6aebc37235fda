import { type ReactNode, useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { FilePicker } from './file-picker';
import { ImageWithPlaceholder, type ImageWithPlaceholderProps } from './image-with-placeholder';

export interface ImageFieldProps {
  id: string;
  label: ReactNode;
  /** The picker's button text, e.g. 'Elegir imagen'. */
  buttonText: string;
  help?: ReactNode;
  /** The chosen file, or null. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** Accessible name of the chosen file's preview. */
  previewAlt: string;
  /** What to show while no new file is chosen (the current image of an edited item). */
  current?: ReactNode;
  error?: string;
}

/** One image of a form: the Spanish file picker, its help, and a preview of the chosen file. */
export function ImageField({
  id,
  label,
  buttonText,
  help,
  file,
  onChange,
  previewAlt,
  current,
  error,
}: ImageFieldProps) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      {!preview && current}
      <Form.Group controlId={id} className="mb-2">
        <Form.Label>{label}</Form.Label>
        <FilePicker
          id={id}
          buttonText={buttonText}
          chosen={file ? [file.name] : null}
          aria-describedby={describedBy || undefined}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
        {help && (
          <Form.Text id={`${id}-help`} className="d-block">
            {help}
          </Form.Text>
        )}
        {error && (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {error}
          </div>
        )}
      </Form.Group>
      {preview && (
        <img
          src={preview}
          alt={previewAlt}
          className="rounded img-fluid mt-1"
          style={{ maxHeight: '10rem' }}
        />
      )}
    </>
  );
}

type CurrentImageProps = Omit<ImageWithPlaceholderProps, 'alt' | 'className'> & {
  /** The caption, which also names the image ('Imagen actual', 'Foto actual'). */
  label: string;
  maxWidth?: string;
};

/** The image an edited item has now: ImageField's `current`, shown until a new file is chosen. */
export function CurrentImage({ label, maxWidth = '12rem', ...image }: CurrentImageProps) {
  return (
    <figure className="mb-3">
      <figcaption className="form-label">{label}</figcaption>
      <div style={{ maxWidth }}>
        <ImageWithPlaceholder {...image} alt={label} className="rounded" />
      </div>
    </figure>
  );
}
