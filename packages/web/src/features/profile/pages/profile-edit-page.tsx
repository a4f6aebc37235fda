import { MSG, profileNameField, ROLE_LABELS, type User } from '@fogata/shared';
import { useEffect, useId, useRef, useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Avatar } from '../../../components/avatar';
import {
  type AlertVariant,
  BannerAlert,
  DismissibleAlert,
} from '../../../components/dismissible-alert';
import { FormField } from '../../../components/form-field';
import { Loading } from '../../../components/loading';
import { SubmitButton } from '../../../components/submit-button';
import { useAuth } from '../../../lib/auth';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { DigestPreference } from '../components/digest-preference';
import { MyChildren } from '../components/my-children';
import { MyDataSection } from '../components/my-data-section';
import { MyRemovalRequests } from '../components/my-removal-requests';

type Status = { variant: AlertVariant; message: string } | null;

/** /profile/edit: name and avatar of the signed-in user. */
export function ProfileEditPage() {
  const { isAuthenticated } = useAuth();
  const profile = useProfile(isAuthenticated);

  let content: React.ReactNode;
  if (!isAuthenticated) {
    content = (
      <DismissibleAlert variant="warning" message="Debes iniciar sesión para ver tu perfil." />
    );
  } else if (profile.isPending) {
    content = <Loading />;
  } else if (profile.isError) {
    content = <DismissibleAlert variant="danger" message="Error al cargar tu perfil." />;
  } else if (!profile.data) {
    content = (
      <DismissibleAlert variant="warning" message="No se pudieron cargar los datos del perfil." />
    );
  } else {
    content = <ProfileForm user={profile.data} />;
  }

  return (
    <>
      <Card className="auth-card shadow-sm border-0">
        <Card.Body className="p-4">
          <h1 className="h3 mb-4 text-center">Editar Perfil</h1>
          {content}
        </Card.Body>
      </Card>
      {isAuthenticated && <MyChildren />}
      {profile.data && <DigestPreference digest={profile.data.digest} />}
      {isAuthenticated && <MyRemovalRequests />}
      {isAuthenticated && <MyDataSection />}
    </>
  );
}

function ProfileForm({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const mutation = useUpdateProfile();
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = useId();
  const [name, setName] = useState(user.name);
  const [nameError, setNameError] = useState<string | undefined>();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);

  // The chosen file's preview lives as long as the choice.
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setStatus(null);
    setNameError(undefined);
    const nameChanged = name !== user.name;
    let newName: string | undefined;
    if (nameChanged) {
      const parsed = profileNameField.safeParse(name);
      if (!parsed.success) {
        setNameError(parsed.error.issues[0]?.message ?? MSG.profileNameEmpty);
        return;
      }
      newName = parsed.data !== user.name ? parsed.data : undefined;
    }
    if (newName === undefined && !file) {
      setStatus({ variant: 'info', message: MSG.profileNoChanges });
      return;
    }
    try {
      const result = await mutation.mutateAsync({ name: newName, avatar: file ?? undefined });
      updateUser({ name: result.user.name, avatar_url: result.user.avatar_url });
      setName(result.user.name);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      setStatus({ variant: 'success', message: result.message });
    } catch (error) {
      setStatus({ variant: 'danger', message: (error as Error).message });
    }
  };

  return (
    <>
      <BannerAlert banner={status} onClose={() => setStatus(null)} />
      <Form noValidate onSubmit={onSubmit}>
        <div className="d-flex flex-column align-items-center mb-4">
          <button
            type="button"
            className="avatar-picker"
            onClick={() => fileInput.current?.click()}
            aria-label="Cambiar foto de perfil"
            aria-describedby={`${ids}-avatar-help`}
          >
            <Avatar src={preview ?? user.avatar_url} size={120} className="border border-3" />
            <span className="avatar-picker-hint badge rounded-pill text-bg-success">Cambiar</span>
          </button>
          <Form.Label htmlFor={`${ids}-avatar`} className="visually-hidden">
            Foto de perfil
          </Form.Label>
          <input
            ref={fileInput}
            id={`${ids}-avatar`}
            type="file"
            accept="image/*"
            className="visually-hidden"
            tabIndex={-1}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <Form.Text id={`${ids}-avatar-help`} className="text-center">
            {file ? file.name : 'Haz clic en la imagen para elegir una nueva foto.'}
          </Form.Text>
        </div>

        <dl className="mb-3">
          <dt className="form-label fw-normal mb-1">Email</dt>
          <dd className="form-control-plaintext border-bottom text-break mb-1">{user.email}</dd>
          <dd className="form-text mt-0">El email no se puede cambiar.</dd>
        </dl>

        <FormField
          id={`${ids}-name`}
          label="Nombre"
          autoComplete="name"
          value={name}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => setName(e.target.value)}
          error={nameError}
        />

        <dl className="mb-4">
          <dt className="form-label fw-normal mb-1">Rol</dt>
          <dd className="form-control-plaintext border-bottom mb-0">{ROLE_LABELS[user.role]}</dd>
        </dl>

        <SubmitButton busy={mutation.isPending} label="Guardar Cambios" busyLabel="Guardando..." />
      </Form>
    </>
  );
}
