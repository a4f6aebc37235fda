import {
  LIMITS,
  type Monitor,
  type MonitorFormInput,
  MSG,
  monitorFormSchema,
  SERVER_SUCCESS,
} from '@fogata/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { CurrentImage } from '../../../components/image-field';
import {
  ImageFormModal,
  ImageFormShell,
  type ImageFormStatus,
} from '../../../components/image-form-modal';
import { useCloseAfterSuccess } from '../../../lib/use-close-after-success';
import { useCreateMonitor } from '../api/create-monitor';
import { useUpdateMonitor } from '../api/update-monitor';
import { WHO_WE_ARE_TEXTS as T } from '../texts';

interface MonitorFormModalProps {
  show: boolean;
  /** The monitor to edit; without it the modal adds one. */
  monitor?: Monitor | null;
  onClose: () => void;
}

/**
 * 'Añadir Nuevo Monitor' and 'Editar Monitor: {name}': static; validates on change and
 * blur; submit only when valid and changed; says what it is doing, then closes 1.5 s after success.
 */
export function MonitorFormModal({ show, monitor, onClose }: MonitorFormModalProps) {
  const titleId = useId();
  return (
    <ImageFormModal show={show} onClose={onClose} titleId={titleId}>
      <MonitorForm monitor={monitor ?? null} titleId={titleId} onClose={onClose} />
    </ImageFormModal>
  );
}

type Status = ImageFormStatus | null;

function MonitorForm({
  monitor,
  titleId,
  onClose,
}: {
  monitor: Monitor | null;
  titleId: string;
  onClose: () => void;
}) {
  const editing = monitor !== null;
  const ids = useId();
  const create = useCreateMonitor();
  const update = useUpdateMonitor();
  const busy = create.isPending || update.isPending;
  const [status, setStatus] = useState<Status>(null);
  const [done, setDone] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isDirty },
  } = useForm<MonitorFormInput>({
    resolver: zodResolver(monitorFormSchema),
    mode: 'all',
    defaultValues: {
      name: monitor?.name ?? '',
      role_description: monitor?.role_description ?? '',
      description: monitor?.description ?? '',
    },
  });

  useCloseAfterSuccess(done, onClose);

  const changed = isDirty || photo !== null;
  const canSubmit = isValid && changed && !busy && !done;

  const onSubmit = async (values: MonitorFormInput) => {
    if (!editing && !photo) {
      setStatus({ variant: 'danger', message: MSG.imageRequired });
      return;
    }
    setStatus({ variant: 'info', message: editing ? T.saving : T.creating });
    try {
      const result = editing
        ? await update.mutateAsync({ id: monitor.id, ...values, image: photo })
        : await create.mutateAsync({ ...values, image: photo! });
      setStatus({
        variant: 'success',
        message:
          result.message ||
          (editing ? SERVER_SUCCESS.monitorUpdated : SERVER_SUCCESS.monitorCreated),
      });
      setDone(true);
    } catch (error) {
      // A failed call is a danger alert, whatever its wording (decision 005).
      setStatus({ variant: 'danger', message: (error as Error).message });
    }
  };

  return (
    <ImageFormShell
      onSubmit={handleSubmit(onSubmit)}
      onClose={onClose}
      titleId={titleId}
      title={editing ? T.editTitle(monitor.name) : T.createTitle}
      titleClassName="h5 text-break"
      closeLabel={T.close}
      cancelLabel={T.cancel}
      submitLabel={editing ? T.save : T.create}
      canSubmit={canSubmit}
      busy={busy}
      done={done}
      status={status}
      onStatusClose={busy ? undefined : () => setStatus(null)}
      image={{
        id: `${ids}-photo`,
        label: editing ? T.fieldPhotoEdit : T.fieldPhoto,
        buttonText: T.choosePhoto,
        help: editing ? T.photoEditHelp : T.photoHelp,
        previewAlt: T.newPhoto,
        file: photo,
        onChange: setPhoto,
        current:
          editing && monitor.thumb_url ? (
            <CurrentImage
              label={T.currentPhoto}
              src={monitor.thumb_url}
              placeholder={monitor.placeholder}
              ratio={1}
              loading="eager"
              maxWidth="8rem"
            />
          ) : null,
      }}
    >
      <FormField
        id={`${ids}-name`}
        label={T.fieldName}
        autoComplete="off"
        maxLength={LIMITS.monitorNameMax}
        error={errors.name?.message}
        {...register('name')}
      />
      <FormField
        id={`${ids}-role`}
        label={T.fieldRole}
        placeholder={T.rolePlaceholder}
        autoComplete="off"
        maxLength={LIMITS.monitorRoleMax}
        error={errors.role_description?.message}
        {...register('role_description')}
      />
      <FormField
        id={`${ids}-description`}
        label={T.fieldDescription}
        as="textarea"
        rows={3}
        maxLength={LIMITS.monitorDescriptionMax}
        error={errors.description?.message}
        {...register('description')}
      />
    </ImageFormShell>
  );
}
