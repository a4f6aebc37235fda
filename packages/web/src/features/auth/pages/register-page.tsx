import { LIMITS, ROLE_LABELS, registerFormSchema, SERVER_SUCCESS } from '@fogata/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { BannerAlert, DismissibleAlert } from '../../../components/dismissible-alert';
import { EmailAddress } from '../../../components/email-address';
import { FormField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useRegisterInvited } from '../api/register-invited';
import { useVerifyInvitation } from '../api/verify-invitation';
import { NewPasswordFields } from '../components/new-password-fields';

type Status = { variant: 'success' | 'danger'; message: string } | null;

/** /register?invitation=: verifies the invitation, then completes the account. */
export function RegisterPage() {
  const [params] = useSearchParams();
  const token = params.get('invitation');
  const verification = useVerifyInvitation(token);

  if (!token) {
    return <InvitationError message="No se proporcionó un token de invitación." />;
  }
  if (verification.isPending) {
    return (
      <AuthCard title="Registro">
        <div className="text-center py-3" role="status">
          <Spinner animation="border" variant="success" aria-hidden="true" className="mb-3" />
          <p className="mb-0">Verificando invitación...</p>
        </div>
      </AuthCard>
    );
  }
  if (verification.isError) {
    return <InvitationError message={verification.error.message} />;
  }
  return (
    <RegisterForm token={token} email={verification.data.email} role={verification.data.role} />
  );
}

function InvitationError({ message }: { message: string }) {
  return (
    <AuthCard title="Error de Invitación">
      <DismissibleAlert variant="danger" message={message} />
      <p className="text-center mb-0">
        <Link to={paths.login.getHref()}>Volver a Inicio de Sesión</Link>
      </p>
    </AuthCard>
  );
}

function RegisterForm({
  token,
  email,
  role,
}: {
  token: string;
  email: string;
  role: keyof typeof ROLE_LABELS;
}) {
  const auth = useAuth();
  const mutation = useRegisterInvited();
  const navigateLater = useDelayedNavigate();
  const [status, setStatus] = useState<Status>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { name: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ name, password }) => {
    setStatus(null);
    try {
      const result = await mutation.mutateAsync({ token, name, password });
      auth.login(result.token, result.user);
      setStatus({ variant: 'success', message: result.message || SERVER_SUCCESS.register });
      navigateLater(paths.home.getHref(), LIMITS.redirectAfterRegisterMs, { replace: true });
    } catch (error) {
      setStatus({ variant: 'danger', message: (error as Error).message });
    }
  });

  const done = status?.variant === 'success';

  return (
    <AuthCard title="Completar Registro">
      <BannerAlert banner={status} onClose={done ? undefined : () => setStatus(null)} />
      {/* Label above value: the address has the card's whole width, and wraps only at '@' or '.'. */}
      <dl className="mb-3 small">
        <dt className="text-body-secondary fw-normal">Email</dt>
        <dd className="fw-semibold mb-2">
          <EmailAddress email={email} />
        </dd>
        <dt className="text-body-secondary fw-normal">Rol</dt>
        <dd className="fw-semibold mb-0">{ROLE_LABELS[role]}</dd>
      </dl>
      <Form noValidate onSubmit={onSubmit}>
        <FormField
          id="register-name"
          label="Tu Nombre"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <NewPasswordFields
          idPrefix="register"
          labels={['Contraseña', 'Confirmar Contraseña']}
          fields={[register('password'), register('confirmPassword')]}
          errors={[errors.password?.message, errors.confirmPassword?.message]}
        />
        <SubmitButton
          busy={mutation.isPending}
          disabled={done}
          label="Registrarme"
          busyLabel="Registrando..."
        />
      </Form>
    </AuthCard>
  );
}
