import { LIMITS, MSG, type News, type NewsFormInput, newsFormSchema } from '@fogata/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { CurrentImage } from '../../../components/image-field';
import { ImageFormModal, ImageFormShell } from '../../../components/image-form-modal';
import { useImageFormSave } from '../../../components/use-image-form-save';
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
    <ImageFormModal show={show} onClose={onClose} titleId="news-form-title" size="lg">
      <NewsForm news={news ?? null} onClose={onClose} />
    </ImageFormModal>
  );
}

const REQUIRED = ['title', 'description', 'content'] as const;

function NewsForm({ news, onClose }: { news: News | null; onClose: () => void }) {
  const editing = news !== null;
  const ids = useId();
  const create = useCreateNews();
  const update = useUpdateNews();
  const busy = create.isPending || update.isPending;
  const form = useImageFormSave({
    editing,
    busy,
    imageRequired: MSG.imageRequired,
    texts: T,
    onClose,
  });
  const { image, setImage, done } = form;

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

  const onValid = (values: NewsFormInput) =>
    form.save((file) =>
      editing
        ? update.mutateAsync({ id: news.id, ...values, image: file })
        : create.mutateAsync({ ...values, image: file! }),
    );

  // The field messages show under each field; a required text left empty also gets the spec's
  // general message at the top.
  const onInvalid = () => {
    const values = getValues();
    const missing = REQUIRED.some((field) => !values[field]?.trim());
    form.setStatus(missing ? { message: MSG.missingRequiredData, failed: true } : null);
  };

  return (
    <ImageFormShell
      onSubmit={handleSubmit(onValid, onInvalid)}
      onClose={onClose}
      titleId="news-form-title"
      title={editing ? T.editTitle : T.createTitle}
      closeLabel={T.close}
      cancelLabel={T.cancel}
      canSubmit={canSubmit}
      {...form.shell}
      image={{
        id: `${ids}-image`,
        label: editing ? T.fieldImageEdit : T.fieldImage,
        buttonText: T.chooseImage,
        help: editing ? T.imageEditHelp : T.imageHelp,
        previewAlt: T.newImage,
        file: image,
        onChange: setImage,
        current:
          editing && news.thumb_url ? (
            <CurrentImage
              label={T.currentImage}
              // Who reviews faces edits over the clean original; the public copy may be blurred.
              src={news.original_url ?? news.thumb_url}
              placeholder={news.placeholder}
              width={news.width}
              height={news.height}
            />
          ) : null,
      }}
    >
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
    </ImageFormShell>
  );
}
