import { LIMITS, loginSchema } from '@fogata/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { FormField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { redirectTarget } from '../../../lib/redirect-target';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';

type Status = { variant: 'success' | 'danger'; message: string } | null;

/** /login: e-mail and password, validated on submit; back to where the visitor came from. */
export function LoginPage() {
  const auth = useAuth();
  const location = useLocation();
  const navigateLater = useDelayedNavigate();
  const mutation = useLogin();
  const [status, setStatus] = useState<Status>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      const result = await mutation.mutateAsync(values);
      auth.login(result.token, result.user);
      setStatus({ variant: 'success', message: result.message });
      navigateLater(redirectTarget(location.state), LIMITS.redirectAfterLoginMs, { replace: true });
    } catch (error) {
      setStatus({ variant: 'danger', message: (error as Error).message });
    }
  });

  const done = status?.variant === 'success';

  return (
    <AuthCard title="Iniciar Sesión">
      <DismissibleAlert
        variant={status?.variant ?? 'danger'}
        message={status?.message}
        onClose={done ? undefined : () => setStatus(null)}
      />
      <Form noValidate onSubmit={onSubmit}>
        <FormField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <FormField
          id="login-password"
          label="Contraseña"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton
          busy={mutation.isPending}
          disabled={done}
          label="Iniciar Sesión"
          busyLabel="Ingresando..."
        />
      </Form>
      <p className="text-center mt-3 mb-0">
        <Link to={paths.forgotPassword.getHref()}>¿Olvidaste tu contraseña?</Link>
      </p>
    </AuthCard>
  );
}
