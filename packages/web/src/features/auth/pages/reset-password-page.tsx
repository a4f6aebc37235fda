import { LIMITS, resetPasswordFormSchema } from '@fogata/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { BannerAlert, DismissibleAlert } from '../../../components/dismissible-alert';
import { SubmitButton } from '../../../components/submit-button';
import { paths } from '../../../config/paths';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from '../components/new-password-fields';

type Status = { variant: 'success' | 'danger'; message: string } | null;

/** /reset-password?token=: sets a new password, then back to /login. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const mutation = useResetPassword();
  const navigateLater = useDelayedNavigate();
  const [status, setStatus] = useState<Status>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!token) return;
    setStatus(null);
    try {
      const result = await mutation.mutateAsync({ token, password });
      setStatus({ variant: 'success', message: result.message });
      navigateLater(paths.login.getHref(), LIMITS.redirectAfterResetMs, { replace: true });
    } catch (error) {
      setStatus({ variant: 'danger', message: (error as Error).message });
    }
  });

  const done = status?.variant === 'success';

  return (
    <AuthCard title="Restablecer Contraseña">
      {!token ? (
        <DismissibleAlert
          variant="danger"
          message="Error: Token de restablecimiento inválido o ausente."
        />
      ) : (
        <>
          <BannerAlert banner={status} onClose={() => setStatus(null)} />
          <Form noValidate onSubmit={onSubmit}>
            <NewPasswordFields
              idPrefix="reset"
              labels={['Nueva Contraseña', 'Confirmar Nueva Contraseña']}
              fields={[register('password'), register('confirmPassword')]}
              errors={[errors.password?.message, errors.confirmPassword?.message]}
            />
            <SubmitButton
              busy={mutation.isPending}
              disabled={done}
              label="Restablecer Contraseña"
              busyLabel="Restableciendo..."
            />
          </Form>
        </>
      )}
      <p className="text-center mt-3 mb-0">
        <Link to={paths.login.getHref()}>Volver a Inicio de Sesión</Link>
      </p>
    </AuthCard>
  );
}
