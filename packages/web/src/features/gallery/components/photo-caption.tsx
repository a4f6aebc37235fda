import { LIMITS, type Photo } from '@fogata/shared';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { useCan } from '../../../lib/can';
import { useUpdatePhotoCaption } from '../api/update-photo-caption';
import { GALLERY_TEXTS as T } from '../texts';

/**
 * The photo's caption in 'Detalle de Foto'; managers edit it in place (≤ 500 characters, with
 * the hint not to name the children).
 */
export function PhotoCaption({ photo }: { photo: Photo }) {
  const canEdit = useCan('photo:caption');
  const [editing, setEditing] = useState(false);
  return (
    <div>
      {!editing && photo.description && <p className="mb-1 text-break">{photo.description}</p>}
      {canEdit && !editing && (
        <Button variant="link" size="sm" className="p-0" onClick={() => setEditing(true)}>
          {photo.description ? T.captionEdit : T.captionAdd}
        </Button>
      )}
      {canEdit && editing && <CaptionForm photo={photo} onDone={() => setEditing(false)} />}
    </div>
  );
}

function CaptionForm({ photo, onDone }: { photo: Photo; onDone: () => void }) {
  const id = useId();
  const save = useUpdatePhotoCaption(photo.id);
  const [text, setText] = useState(photo.description ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await save.mutateAsync(text.trim() === '' ? null : text);
      onDone();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Form noValidate onSubmit={submit}>
      <DismissibleAlert variant="danger" message={error} onClose={() => setError(null)} />
      <Form.Group controlId={`${id}-caption`} className="mb-2">
        <Form.Label className="small fw-semibold">{T.captionLabel}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={text}
          maxLength={LIMITS.photoCaptionMax}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setText(e.target.value)}
          disabled={save.isPending}
        />
        <Form.Text id={`${id}-hint`} className="d-flex justify-content-between gap-2">
          <span>{T.captionHint}</span>
          <span aria-hidden="true">{T.captionCount(text.length)}</span>
        </Form.Text>
      </Form.Group>
      <div className="d-flex gap-2">
        <Button type="submit" size="sm" variant="success" disabled={save.isPending}>
          {save.isPending && (
            <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
          )}
          {save.isPending ? T.captionSaving : T.captionSave}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone} disabled={save.isPending}>
          {T.cancel}
        </Button>
      </div>
    </Form>
  );
}
