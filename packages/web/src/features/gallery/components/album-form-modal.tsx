import { type Album, type AlbumFormInput, albumFormSchema, LIMITS, MSG } from '@fogata/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { variantFor } from '../../../components/dismissible-alert';
import { FormField } from '../../../components/form-field';
import { CurrentImage } from '../../../components/image-field';
import { ImageFormModal, ImageFormShell } from '../../../components/image-form-modal';
import { useAppConfig } from '../../../lib/app-config';
import { useCloseAfterSuccess } from '../../../lib/use-close-after-success';
import { useCreateAlbum } from '../api/create-album';
import { useUpdateAlbum } from '../api/update-album';
import { GALLERY_TEXTS as T } from '../texts';

interface AlbumFormModalProps {
  show: boolean;
  /** The album to edit; without it the modal creates one. */
  album?: Album | null;
  onClose: () => void;
}

/**
 * 'Crear Nuevo Álbum' and the edit modal (SPEC §2): static; validates on change and blur; submit
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
  // SPEC §2: a message with 'error' in it is a danger alert, any other a success; a failed call
  // is always danger, whatever its wording.
  const [status, setStatus] = useState<{ message: string; failed: boolean } | null>(null);
  const [done, setDone] = useState(false);
  const [cover, setCover] = useState<File | null>(null);
  // 'Publicar ahora': checked unless the group reviews every album first (decision 018).
  const config = useAppConfig();
  const [publish, setPublish] = useState<boolean | null>(null);
  const publishNow = publish ?? config.data?.albumsPublishByDefault ?? true;

  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isDirty },
  } = useForm<AlbumFormInput>({
    resolver: zodResolver(albumFormSchema),
    mode: 'all',
    defaultValues: { title: album?.title ?? '', description: album?.description ?? '' },
  });

  useCloseAfterSuccess(done, onClose);

  const changed = isDirty || cover !== null;
  const canSubmit = isValid && changed && !busy && !done;

  const onSubmit = async (values: AlbumFormInput) => {
    setStatus(null);
    if (!editing && !cover) {
      setStatus({ message: MSG.albumCoverRequired, failed: true });
      return;
    }
    try {
      const result = editing
        ? await update.mutateAsync({
            id: album.id,
            title: values.title,
            description: values.description,
            cover,
          })
        : await create.mutateAsync({
            title: values.title,
            description: values.description,
            cover: cover!,
            publish: publishNow,
          });
      setStatus({ message: result.message, failed: false });
      setDone(true);
    } catch (error) {
      setStatus({ message: (error as Error).message, failed: true });
    }
  };

  return (
    <ImageFormShell
      onSubmit={handleSubmit(onSubmit)}
      onClose={onClose}
      titleId="album-form-title"
      title={editing ? T.editTitle : T.createTitle}
      closeLabel={T.close}
      cancelLabel={T.cancel}
      submitLabel={editing ? (busy ? T.saving : T.save) : busy ? T.creating : T.create}
      canSubmit={canSubmit}
      busy={busy}
      done={done}
      status={
        status && {
          variant: status.failed ? 'danger' : variantFor(status.message),
          message: status.message,
        }
      }
      onStatusClose={() => setStatus(null)}
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
