import { forgotPasswordSchema } from '@fogata/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { BannerAlert } from '../../../components/dismissible-alert';
import { FormField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { paths } from '../../../config/paths';
import { useForgotPassword } from '../api/forgot-password';

type Status = { variant: 'success' | 'danger'; message: string } | null;

/** /forgot-password: asks for a reset link by e-mail. */
export function ForgotPasswordPage() {
  const mutation = useForgotPassword();
  const [status, setStatus] = useState<Status>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      const result = await mutation.mutateAsync(values);
      setStatus({ variant: 'success', message: result.message });
      reset();
    } catch (error) {
      setStatus({ variant: 'danger', message: (error as Error).message });
    }
  });

  return (
    <AuthCard title="¿Olvidaste tu contraseña?">
      <BannerAlert banner={status} onClose={() => setStatus(null)} />
      <Form noValidate onSubmit={onSubmit}>
        <FormField
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          help="Si el email está registrado, te enviaremos un enlace para restablecer tu contraseña."
          error={errors.email?.message}
          {...register('email')}
        />
        <SubmitButton
          busy={mutation.isPending}
          label="Enviar Enlace de Restablecimiento"
          busyLabel="Enviando..."
        />
      </Form>
      <p className="text-center mt-3 mb-0">
        <Link to={paths.login.getHref()}>Volver a Inicio de Sesión</Link>
      </p>
    </AuthCard>
  );
}
