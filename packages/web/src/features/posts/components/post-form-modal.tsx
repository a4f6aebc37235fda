import {
  EXPERIENCE_CATEGORIES,
  EXPERIENCE_CATEGORY_LABELS,
  type Experience,
  experienceFormSchema,
  LIMITS,
  MSG,
  type News,
  newsFormSchema,
} from '@fogata/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId } from 'react';
import Form from 'react-bootstrap/Form';
import { type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '../../../components/form-field';
import { CurrentImage } from '../../../components/image-field';
import { ImageFormModal, ImageFormShell } from '../../../components/image-form-modal';
import { useImageFormSave } from '../../../components/use-image-form-save';
import { useSavePost } from '../api/posts-api';
import type { PostBase, PostKind } from '../kinds';
import { EXPERIENCE_TEXTS, NEWS_TEXTS } from '../texts';

/** The form's values: every field a text (a category is one of its values). */
type Values = Record<string, string>;

/** The fields the form draws, given what react-hook-form gives them. */
type FieldsProps = { ids: string; register: UseFormRegister<Values>; errors: FieldErrors<Values> };

/**
 * Each kind's form: its schema, the values an edit starts from, its fields, the message for a
 * missing image, and — for news — the texts whose absence at submit also shows the general
 * 'Error: Faltan datos obligatorios.' at the top.
 */
interface PostForm {
  schema: z.ZodType<Values, Values>;
  defaults: (item: PostBase | null) => Values;
  Fields: (props: FieldsProps) => ReactNode;
  imageRequired: string;
  required?: readonly string[];
}

const FORMS: Record<PostKind['name'], PostForm> = {
  news: {
    schema: newsFormSchema,
    defaults: (item) => {
      const news = item as News | null;
      return {
        title: news?.title ?? '',
        description: news?.description ?? '',
        content: news?.content ?? '',
      };
    },
    Fields: ({ ids, register, errors }) => (
      <>
        <TitleField ids={ids} register={register} errors={errors} />
        <FormField
          id={`${ids}-description`}
          label={NEWS_TEXTS.fieldDescription}
          as="textarea"
          rows={2}
          maxLength={LIMITS.newsSummaryMax}
          help={NEWS_TEXTS.descriptionHelp}
          error={errors.description?.message}
          {...register('description')}
        />
        <FormField
          id={`${ids}-content`}
          label={NEWS_TEXTS.fieldContent}
          as="textarea"
          rows={8}
          maxLength={LIMITS.newsContentMax}
          error={errors.content?.message}
          {...register('content')}
        />
      </>
    ),
    imageRequired: MSG.imageRequired,
    required: ['title', 'description', 'content'],
  },
  experiences: {
    schema: experienceFormSchema,
    // A new experience starts in the first category.
    defaults: (item) => {
      const experience = item as Experience | null;
      return {
        title: experience?.title ?? '',
        description: experience?.description ?? '',
        category: experience?.category ?? EXPERIENCE_CATEGORIES[0],
      };
    },
    Fields: ({ ids, register, errors }) => (
      <>
        <TitleField ids={ids} register={register} errors={errors} />
        <FormField
          id={`${ids}-description`}
          label={EXPERIENCE_TEXTS.fieldDescription}
          as="textarea"
          rows={6}
          maxLength={LIMITS.experienceDescriptionMax}
          error={errors.description?.message}
          {...register('description')}
        />
        <Form.Group controlId={`${ids}-category`} className="mb-3">
          <Form.Label>{EXPERIENCE_TEXTS.fieldCategory}</Form.Label>
          <Form.Select
            isInvalid={!!errors.category}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? `${ids}-category-error` : undefined}
            {...register('category')}
          >
            {EXPERIENCE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {EXPERIENCE_CATEGORY_LABELS[category]}
              </option>
            ))}
          </Form.Select>
          {errors.category && (
            <Form.Control.Feedback type="invalid" id={`${ids}-category-error`}>
              {errors.category.message}
            </Form.Control.Feedback>
          )}
        </Form.Group>
      </>
    ),
    imageRequired: MSG.experienceImageRequired,
  },
};

function TitleField({ ids, register, errors }: FieldsProps) {
  return (
    <FormField
      id={`${ids}-title`}
      label={NEWS_TEXTS.fieldTitle}
      maxLength={LIMITS.newsTitleMax}
      error={errors.title?.message}
      {...register('title')}
    />
  );
}

interface PostFormModalProps {
  kind: PostKind;
  show: boolean;
  /** The post to edit; without it the modal creates one. */
  item?: PostBase | null;
  onClose: () => void;
}

/**
 * Create and edit a post: static; validates on change and blur; submit once something changed
 * and no field shows an error; a missing image on create reads the kind's message; success shows
 * the message and closes after 1.5 s.
 */
export function PostFormModal({ kind, show, item, onClose }: PostFormModalProps) {
  const titleId = `${kind.name === 'news' ? 'news' : 'experience'}-form-title`;
  return (
    <ImageFormModal show={show} onClose={onClose} titleId={titleId} size="lg">
      <PostFormBody kind={kind} item={item ?? null} titleId={titleId} onClose={onClose} />
    </ImageFormModal>
  );
}

function PostFormBody({
  kind,
  item,
  titleId,
  onClose,
}: {
  kind: PostKind;
  item: PostBase | null;
  titleId: string;
  onClose: () => void;
}) {
  const T = kind.texts;
  const { schema, defaults, Fields, imageRequired, required } = FORMS[kind.name];
  const editing = item !== null;
  const ids = useId();
  const save = useSavePost(kind);
  const busy = save.isPending;
  const form = useImageFormSave({ editing, busy, imageRequired, texts: T, onClose });
  const { image, setImage, done } = form;

  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isDirty },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: defaults(item),
  });

  const changed = isDirty || image !== null;
  const showsError = Object.keys(errors).length > 0;
  const canSubmit = changed && !showsError && !busy && !done;

  const onValid = (values: Values) =>
    form.save((file) => save.mutateAsync({ ...values, id: item?.id, image: file }));

  // The field messages show under each field; where the kind says so, a required text left empty
  // also gets the general message at the top.
  const onInvalid = required
    ? () => {
        const values = getValues();
        const missing = required.some((field) => !values[field]?.trim());
        form.setStatus(missing ? { message: MSG.missingRequiredData, failed: true } : null);
      }
    : undefined;

  const current = item ? kind.image(item) : null;
  return (
    <ImageFormShell
      onSubmit={handleSubmit(onValid, onInvalid)}
      onClose={onClose}
      titleId={titleId}
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
          item && current?.thumb ? (
            <CurrentImage
              label={T.currentImage}
              // Who reviews faces edits over the clean original; the public copy may be blurred.
              src={item.original_url ?? current.thumb}
              placeholder={current.placeholder}
              width={current.width}
              height={current.height}
            />
          ) : null,
      }}
    >
      <Fields ids={ids} register={register} errors={errors} />
    </ImageFormShell>
  );
}
