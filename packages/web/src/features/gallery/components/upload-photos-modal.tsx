import { LIMITS, type UploadResult } from '@fogata/shared';
import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';
import {
  type AlertVariant,
  BannerAlert,
  DismissibleAlert,
  variantFor,
} from '../../../components/dismissible-alert';
import { FilePicker } from '../../../components/file-picker';
import { useUploadPhotos } from '../api/upload-photos';
import { compressImages } from '../lib/compress-images';
import { selectImages } from '../lib/select-images';
import { GALLERY_TEXTS as T } from '../texts';

interface UploadPhotosModalProps {
  show: boolean;
  albumId: number;
  onClose: () => void;
}

/**
 * 'Subir Fotos': up to 10 images, compressed in the browser with a progress bar,
 * then sent together; the server's per-file failures are listed. Static; closes 2 s after a
 * success without failures.
 */
export function UploadPhotosModal({ show, albumId, onClose }: UploadPhotosModalProps) {
  return (
    <Modal
      show={show}
      onHide={onClose}
      backdrop="static"
      keyboard={false}
      centered
      aria-labelledby="upload-title"
    >
      {show && <UploadForm albumId={albumId} onClose={onClose} />}
    </Modal>
  );
}

type Phase = 'idle' | 'compressing' | 'uploading' | 'done';
type Status = { variant: AlertVariant; message: string } | null;

function UploadForm({ albumId, onClose }: { albumId: number; onClose: () => void }) {
  const ids = useId();
  const upload = useUploadPhotos(albumId);
  const [files, setFiles] = useState<File[]>([]);
  /** The caption written for each file, by the same index. */
  const [captions, setCaptions] = useState<string[]>([]);
  const [phase, setPhase] = useState<Phase>('idle');
  const [percent, setPercent] = useState(0);
  const [status, setStatus] = useState<Status>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [result, setResult] = useState<UploadResult | null>(null);
  const busy = phase === 'compressing' || phase === 'uploading';

  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  const closeSoon = phase === 'done' && result !== null && result.failures.length === 0;
  useEffect(() => {
    if (!closeSoon) return;
    const timer = setTimeout(() => onCloseRef.current(), LIMITS.uploadModalCloseMs);
    return () => clearTimeout(timer);
  }, [closeSoon]);

  const choose = (list: FileList | null) => {
    const selection = selectImages(list);
    setFiles(selection.files);
    setCaptions(selection.files.map(() => ''));
    setStatus(selection.message ? { variant: 'danger', message: selection.message } : null);
    setWarnings([]);
    setResult(null);
    setPercent(0);
    setPhase('idle');
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setResult(null);
    setWarnings([]);
    if (files.length === 0) {
      setStatus({ variant: 'danger', message: T.nothingToUpload });
      return;
    }
    setStatus(null);
    setPhase('compressing');
    setPercent(0);
    let ready: File[];
    try {
      const compressed = await compressImages(files, setPercent);
      ready = compressed.files;
      setWarnings(compressed.warnings);
    } catch (error) {
      console.error(error);
      setStatus({ variant: 'danger', message: T.processFailed });
      setPhase('idle');
      return;
    }
    if (ready.length === 0) {
      setStatus({ variant: 'danger', message: T.nothingToUpload });
      setPhase('idle');
      return;
    }
    setPhase('uploading');
    setPercent(0);
    try {
      const answer = await upload.mutateAsync({ files: ready, captions, onProgress: setPercent });
      setResult(answer);
      const variant: AlertVariant =
        answer.uploaded.length === 0
          ? 'danger'
          : answer.failures.length > 0
            ? 'warning'
            : variantFor(answer.message);
      setStatus({ variant, message: answer.message });
      setPhase(answer.uploaded.length > 0 ? 'done' : 'idle');
      if (answer.uploaded.length > 0) {
        setFiles([]);
        setCaptions([]);
      }
    } catch (error) {
      setStatus({ variant: 'danger', message: (error as Error).message });
      setPhase('idle');
    }
  };

  return (
    <Form noValidate onSubmit={submit}>
      <Modal.Header closeButton={!busy} closeLabel={T.close}>
        <Modal.Title id="upload-title" as="h2" className="h5">
          {T.uploadTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <BannerAlert banner={status} onClose={busy ? undefined : () => setStatus(null)}>
          {result && result.failures.length > 0 && (
            <>
              <div className="mt-2 fw-semibold">{T.failuresHeading}</div>
              <ul className="mb-0 ps-3">
                {result.failures.map((f) => (
                  <li key={`${f.file}-${f.error}`}>
                    {f.file}: {f.error}
                  </li>
                ))}
              </ul>
            </>
          )}
        </BannerAlert>
        {warnings.length > 0 && (
          <DismissibleAlert
            variant="warning"
            message={
              <ul className="mb-0 ps-3">
                {warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            }
          />
        )}
        <Form.Group controlId={`${ids}-files`} className="mb-3">
          <Form.Label>{T.uploadField}</Form.Label>
          <FilePicker
            id={`${ids}-files`}
            buttonText={T.choosePhotos}
            chosen={files.map((f) => f.name)}
            multiple
            disabled={busy}
            aria-describedby={`${ids}-help`}
            onChange={(e) => choose(e.target.files)}
          />
          <Form.Text id={`${ids}-help`}>{T.uploadHelp}</Form.Text>
        </Form.Group>
        {files.length > 0 && (
          <div className="mb-3">
            <p className="mb-1 small fw-semibold">{T.selected(files.length)}</p>
            <p id={`${ids}-caption-hint`} className="small text-body-secondary mb-2">
              {T.captionHint}
            </p>
            <ul className="small mb-0 ps-0 list-unstyled text-break">
              {files.map((f, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name
                <li key={`${f.name}-${i}`} className="mb-2">
                  <span className="text-body-secondary">
                    {f.name} ({formatSize(f.size)})
                  </span>
                  <Form.Control
                    size="sm"
                    className="mt-1"
                    value={captions[i] ?? ''}
                    maxLength={LIMITS.photoCaptionMax}
                    placeholder={T.captionLabel}
                    aria-label={T.captionFor(f.name)}
                    aria-describedby={`${ids}-caption-hint`}
                    disabled={busy}
                    onChange={(e) =>
                      setCaptions((list) => list.map((c, j) => (j === i ? e.target.value : c)))
                    }
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
        {busy && (
          <div>
            <p className="small mb-1 d-flex justify-content-between">
              <span>{phase === 'compressing' ? T.compressing : T.sending}</span>
              <span aria-hidden="true">{percent}%</span>
            </p>
            {/* The inner bar is the element with role progressbar: it carries the name. */}
            <ProgressBar>
              <ProgressBar
                now={percent}
                label={`${percent}%`}
                variant="success"
                aria-label={phase === 'compressing' ? T.compressing : T.sending}
              />
            </ProgressBar>
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {T.cancel}
        </Button>
        <Button type="submit" variant="success" disabled={busy || phase === 'done'}>
          {busy && (
            <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
          )}
          {busy ? T.uploading : T.upload}
        </Button>
      </Modal.Footer>
    </Form>
  );
}

/** A file size for people: KB below one MB, else MB with one decimal. */
function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}
