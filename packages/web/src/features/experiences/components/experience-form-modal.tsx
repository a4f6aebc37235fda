import {
  EXPERIENCE_CATEGORIES,
  EXPERIENCE_CATEGORY_LABELS,
  type Experience,
  type ExperienceFormInput,
  experienceFormSchema,
  LIMITS,
  MSG,
} from '@fogata/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { CurrentImage } from '../../../components/image-field';
import { ImageFormModal, ImageFormShell } from '../../../components/image-form-modal';
import { useImageFormSave } from '../../../components/use-image-form-save';
import { useCreateExperience } from '../api/create-experience';
import { useUpdateExperience } from '../api/update-experience';
import { EXPERIENCE_TEXTS as T } from '../texts';

interface ExperienceFormModalProps {
  show: boolean;
  /** The experience to edit; without it the modal creates one. */
  experience?: Experience | null;
  onClose: () => void;
}

/**
 * Create and edit an experience (SPEC §2, §5): title, description, category (select, the first
 * category by default) and image (required on create: 'La imagen de la experiencia es
 * obligatoria.'). Static; validates on change and blur; submit once something changed and no
 * field shows an error; success shows the message and closes after 1.5 s.
 */
export function ExperienceFormModal({ show, experience, onClose }: ExperienceFormModalProps) {
  return (
    <ImageFormModal show={show} onClose={onClose} titleId="experience-form-title" size="lg">
      <ExperienceForm experience={experience ?? null} onClose={onClose} />
    </ImageFormModal>
  );
}

function ExperienceForm({
  experience,
  onClose,
}: {
  experience: Experience | null;
  onClose: () => void;
}) {
  const editing = experience !== null;
  const ids = useId();
  const create = useCreateExperience();
  const update = useUpdateExperience();
  const busy = create.isPending || update.isPending;
  const form = useImageFormSave({
    editing,
    busy,
    imageRequired: MSG.experienceImageRequired,
    texts: T,
    onClose,
  });
  const { image, setImage, done } = form;

  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<ExperienceFormInput>({
    resolver: zodResolver(experienceFormSchema),
    mode: 'all',
    defaultValues: {
      title: experience?.title ?? '',
      description: experience?.description ?? '',
      category: experience?.category ?? EXPERIENCE_CATEGORIES[0],
    },
  });

  const changed = isDirty || image !== null;
  const showsError = Object.keys(errors).length > 0;
  const canSubmit = changed && !showsError && !busy && !done;

  const onValid = (values: ExperienceFormInput) =>
    form.save((file) =>
      editing
        ? update.mutateAsync({ id: experience.id, ...values, image: file })
        : create.mutateAsync({ ...values, image: file! }),
    );

  return (
    <ImageFormShell
      onSubmit={handleSubmit(onValid)}
      onClose={onClose}
      titleId="experience-form-title"
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
          editing && experience.image_thumb ? (
            <CurrentImage
              label={T.currentImage}
              // Who reviews faces edits over the clean original; the public copy may be blurred.
              src={experience.original_url ?? experience.image_thumb}
              placeholder={experience.image_placeholder}
              width={experience.image_width}
              height={experience.image_height}
            />
          ) : null,
      }}
    >
      <FormField
        id={`${ids}-title`}
        label={T.fieldTitle}
        maxLength={LIMITS.experienceTitleMax}
        error={errors.title?.message}
        {...register('title')}
      />
      <FormField
        id={`${ids}-description`}
        label={T.fieldDescription}
        as="textarea"
        rows={6}
        maxLength={LIMITS.experienceDescriptionMax}
        error={errors.description?.message}
        {...register('description')}
      />
      <Form.Group controlId={`${ids}-category`} className="mb-3">
        <Form.Label>{T.fieldCategory}</Form.Label>
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
    </ImageFormShell>
  );
}
