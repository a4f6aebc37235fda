import { LIMITS, MSG, type News, type NewsFormInput, newsFormSchema } from '@fogata/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { DismissibleAlert, variantFor } from '../../../components/dismissible-alert';
import { FormField } from '../../../components/form-field';
import { CurrentImage, ImageField } from '../../../components/image-field';
import { useCloseAfterSuccess } from '../../../lib/use-close-after-success';
import { useCreateNews } from '../api/create-news';
import { useUpdateNews } from '../api/update-news';
import { NEWS_TEXTS as T } from '../texts';

interface NewsFormModalProps {
  show: boolean;
  /** The item to edit; without it the modal creates one. */
  news?: News | null;
  onClose: () => void;
}

/**
 * Create and edit a news item (SPEC §2, §5): static; validates on change and blur; submit once
 * something changed and no field shows an error; missing texts at submit read 'Error: Faltan
 * datos obligatorios.', a missing image on create 'Error: La imagen es obligatoria.'; success
 * shows the message and closes after 1.5 s.
 */
export function NewsFormModal({ show, news, onClose }: NewsFormModalProps) {
  return (
    <Modal
      show={show}
      onHide={onClose}
      backdrop="static"
      keyboard={false}
      centered
      size="lg"
      aria-labelledby="news-form-title"
    >
      {show && <NewsForm news={news ?? null} onClose={onClose} />}
    </Modal>
  );
}

const REQUIRED = ['title', 'description', 'content'] as const;

function NewsForm({ news, onClose }: { news: News | null; onClose: () => void }) {
  const editing = news !== null;
  const ids = useId();
  const create = useCreateNews();
  const update = useUpdateNews();
  const busy = create.isPending || update.isPending;
  // A failed call is always danger; a message is danger when it says 'error' (decision 005).
  const [status, setStatus] = useState<{ message: string; failed: boolean } | null>(null);
  const [done, setDone] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  useCloseAfterSuccess(done, onClose);

  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isDirty },
  } = useForm<NewsFormInput>({
    resolver: zodResolver(newsFormSchema),
    mode: 'all',
    defaultValues: {
      title: news?.title ?? '',
      description: news?.description ?? '',
      content: news?.content ?? '',
    },
  });

  const changed = isDirty || image !== null;
  const showsError = Object.keys(errors).length > 0;
  const canSubmit = changed && !showsError && !busy && !done;

  const onValid = async (values: NewsFormInput) => {
    setStatus(null);
    if (!editing && !image) {
      setStatus({ message: MSG.imageRequired, failed: true });
      return;
    }
    try {
      const result = editing
        ? await update.mutateAsync({ id: news.id, ...values, image })
        : await create.mutateAsync({ ...values, image: image! });
      setStatus({ message: result.message, failed: false });
      setDone(true);
    } catch (error) {
      setStatus({ message: (error as Error).message, failed: true });
    }
  };

  // The field messages show under each field; a required text left empty also gets the spec's
  // general message at the top.
  const onInvalid = () => {
    const values = getValues();
    const missing = REQUIRED.some((field) => !values[field]?.trim());
    setStatus(missing ? { message: MSG.missingRequiredData, failed: true } : null);
  };

  return (
    <Form noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
      <Modal.Header closeButton={!busy} closeLabel={T.close}>
        <Modal.Title id="news-form-title" as="h2" className="h5">
          {editing ? T.editTitle : T.createTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <DismissibleAlert
          variant={status?.failed ? 'danger' : variantFor(status?.message)}
          message={status?.message}
          onClose={() => setStatus(null)}
        />
        <fieldset disabled={busy || done}>
          <FormField
            id={`${ids}-title`}
            label={T.fieldTitle}
            maxLength={LIMITS.newsTitleMax}
            error={errors.title?.message}
            {...register('title')}
          />
          <FormField
            id={`${ids}-description`}
            label={T.fieldDescription}
            as="textarea"
            rows={2}
            maxLength={LIMITS.newsSummaryMax}
            help={T.descriptionHelp}
            error={errors.description?.message}
            {...register('description')}
          />
          <FormField
            id={`${ids}-content`}
            label={T.fieldContent}
            as="textarea"
            rows={8}
            maxLength={LIMITS.newsContentMax}
            error={errors.content?.message}
            {...register('content')}
          />
          <ImageField
            id={`${ids}-image`}
            label={editing ? T.fieldImageEdit : T.fieldImage}
            buttonText={T.chooseImage}
            help={editing ? T.imageEditHelp : T.imageHelp}
            previewAlt={T.newImage}
            file={image}
            onChange={(file) => {
              setImage(file);
              if (file) setStatus(null);
            }}
            current={
              editing && news.thumb_url ? (
                <CurrentImage
                  label={T.currentImage}
                  src={news.thumb_url}
                  placeholder={news.placeholder}
                  width={news.width}
                  height={news.height}
                />
              ) : null
            }
          />
        </fieldset>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {T.cancel}
        </Button>
        <Button type="submit" variant="success" disabled={!canSubmit}>
          {busy && (
            <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
          )}
          {editing ? (busy ? T.saving : T.save) : busy ? T.creating : T.create}
        </Button>
      </Modal.Footer>
    </Form>
  );
}
