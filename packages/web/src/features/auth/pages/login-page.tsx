import { LIMITS, type LoginInput, type LoginResult } from '@fogata/shared';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { BannerAlert } from '../../../components/dismissible-alert';
import { FormField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { paths } from '../../../config/paths';
import { useAppConfig } from '../../../lib/app-config';
import { useAuth } from '../../../lib/auth';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { redirectTarget } from '../../../lib/redirect-target';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useLogin } from '../api/login';
import { GoogleButton } from '../components/google-button';
import { useGoogleSignIn } from '../lib/use-google-sign-in';

type Status = { variant: 'success' | 'danger'; message: string } | null;

/** The login's checks (shared with the server), loaded when the form is first used. */
const loginResolver = lazyZodResolver<LoginInput>(() =>
  import('@fogata/shared/schemas/auth').then((m) => m.loginSchema),
);

/**
 * /login: e-mail and password, validated on submit, or the external provider when configured;
 * back to where the visitor came from.
 */
export function LoginPage() {
  const auth = useAuth();
  const location = useLocation();
  const navigateLater = useDelayedNavigate();
  const mutation = useLogin();
  const [status, setStatus] = useState<Status>(null);
  const oidc = useAppConfig().data?.oidc;
  const google = useGoogleSignIn(oidc);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: loginResolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', password: '' },
  });

  const signIn = async (call: () => Promise<LoginResult>) => {
    setStatus(null);
    try {
      const result = await call();
      auth.login(result.token, result.user);
      setStatus({ variant: 'success', message: result.message });
      navigateLater(redirectTarget(location.state), LIMITS.redirectAfterLoginMs, { replace: true });
    } catch (error) {
      setStatus({ variant: 'danger', message: (error as Error).message });
    }
  };

  const onSubmit = handleSubmit((values) => signIn(() => mutation.mutateAsync(values)));

  const done = status?.variant === 'success';
  const busy = mutation.isPending || google.phase !== 'idle';

  return (
    <AuthCard title="Iniciar Sesión">
      <BannerAlert banner={status} onClose={done ? undefined : () => setStatus(null)} />
      <Form noValidate onSubmit={onSubmit} onFocus={loginResolver.preload}>
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
          disabled={done || google.phase !== 'idle'}
          label="Iniciar Sesión"
          busyLabel="Ingresando..."
        />
      </Form>
      {oidc?.authorizationEndpoint && (
        <>
          <div className="d-flex align-items-center gap-2 my-3 text-body-secondary">
            <hr className="flex-grow-1 my-0" />
            <span>o</span>
            <hr className="flex-grow-1 my-0" />
          </div>
          <GoogleButton
            phase={google.phase}
            disabled={done || busy}
            onClick={() => signIn(google.start)}
          />
        </>
      )}
      <p className="text-center mt-3 mb-0">
        <Link to={paths.forgotPassword.getHref()}>¿Olvidaste tu contraseña?</Link>
      </p>
    </AuthCard>
  );
}
