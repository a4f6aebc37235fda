import { type Album, type AlbumFormInput, albumFormSchema, LIMITS, MSG } from '@fogata/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { CurrentImage } from '../../../components/image-field';
import { ImageFormModal, ImageFormShell } from '../../../components/image-form-modal';
import { useImageFormSave } from '../../../components/use-image-form-save';
import { useAppConfig } from '../../../lib/app-config';
import { useCreateAlbum } from '../api/create-album';
import { useUpdateAlbum } from '../api/update-album';
import { GALLERY_TEXTS as T } from '../texts';
import { AudienceField, audienceToSend, initialAudience, sameAudience } from './audience-field';

interface AlbumFormModalProps {
  show: boolean;
  /** The album to edit; without it the modal creates one. */
  album?: Album | null;
  onClose: () => void;
}

/**
 * 'Crear Nuevo Álbum' and the edit modal: static; validates on change and blur; submit
 * only when valid and touched (edit: changed); success shows the message and closes after 1.5 s.
 */
export function AlbumFormModal({ show, album, onClose }: AlbumFormModalProps) {
  return (
    <ImageFormModal show={show} onClose={onClose} titleId="album-form-title">
      <AlbumForm album={album ?? null} onClose={onClose} />
    </ImageFormModal>
  );
}

function AlbumForm({ album, onClose }: { album: Album | null; onClose: () => void }) {
  const editing = album !== null;
  const ids = useId();
  const create = useCreateAlbum();
  const update = useUpdateAlbum();
  const busy = create.isPending || update.isPending;
  const form = useImageFormSave({
    editing,
    busy,
    imageRequired: MSG.albumCoverRequired,
    texts: T,
    onClose,
  });
  const { image: cover, setImage: setCover, done } = form;
  // 'Publicar ahora': checked unless the group reviews every album first (decision 018).
  const config = useAppConfig();
  const [publish, setPublish] = useState<boolean | null>(null);
  const publishNow = publish ?? config.data?.albumsPublishByDefault ?? true;
  // Who sees it (decision 054): the whole group unless sections are ticked.
  const [audience, setAudience] = useState(() => initialAudience(album?.audience));
  const sections = audienceToSend(audience);
  const audienceChanged = !sameAudience(sections, audienceToSend(initialAudience(album?.audience)));

  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isDirty },
  } = useForm<AlbumFormInput>({
    resolver: zodResolver(albumFormSchema),
    mode: 'all',
    defaultValues: { title: album?.title ?? '', description: album?.description ?? '' },
  });

  const changed = isDirty || cover !== null || audienceChanged;
  const canSubmit = isValid && sections !== null && changed && !busy && !done;

  const onSubmit = (values: AlbumFormInput) =>
    form.save((file) =>
      editing
        ? update.mutateAsync({
            id: album.id,
            title: values.title,
            description: values.description,
            cover: file,
            ...(audienceChanged && sections && { sections }),
          })
        : create.mutateAsync({
            title: values.title,
            description: values.description,
            cover: file!,
            publish: publishNow,
            sections: sections ?? [],
          }),
    );

  return (
    <ImageFormShell
      onSubmit={handleSubmit(onSubmit)}
      onClose={onClose}
      titleId="album-form-title"
      title={editing ? T.editTitle : T.createTitle}
      closeLabel={T.close}
      cancelLabel={T.cancel}
      canSubmit={canSubmit}
      {...form.shell}
      image={{
        id: `${ids}-cover`,
        label: editing ? T.fieldCoverEdit : T.fieldCover,
        buttonText: T.chooseCover,
        help: editing ? T.coverEditHelp : T.coverHelp,
        previewAlt: T.newCover,
        file: cover,
        onChange: setCover,
        current:
          editing && album.cover_thumb ? (
            <CurrentImage
              label={T.currentCover}
              src={album.cover_thumb}
              placeholder={album.cover_placeholder}
              width={album.cover_width}
              height={album.cover_height}
            />
          ) : null,
      }}
      afterImage={
        <>
          <AudienceField
            value={audience}
            onChange={setAudience}
            current={album?.audience ?? []}
            disabled={busy || done}
          />
          {!editing && (
            <Form.Check
              type="checkbox"
              id={`${ids}-publish`}
              className="mt-3"
              label={T.publishNow}
              checked={publishNow}
              onChange={(event) => setPublish(event.target.checked)}
            />
          )}
          {!editing && !publishNow && <Form.Text className="d-block">{T.publishNowHelp}</Form.Text>}
        </>
      }
    >
      <FormField
        id={`${ids}-title`}
        label={T.fieldTitle}
        maxLength={LIMITS.albumTitleMax}
        error={errors.title?.message}
        {...register('title')}
      />
      <FormField
        id={`${ids}-description`}
        label={T.fieldDescription}
        as="textarea"
        rows={3}
        maxLength={LIMITS.albumDescriptionMax}
        error={errors.description?.message}
        {...register('description')}
      />
    </ImageFormShell>
  );
}
