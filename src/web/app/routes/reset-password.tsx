import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toast.js';
import type { z } from 'zod';
import { AUTH_MSG, resetPasswordFormSchema } from '../../../shared/auth.js';
import { Alert, FormAlert } from '../../components/ui/alert.js';
import { SubmitButton } from '../../components/ui/button.js';
import { NewPasswordInputs } from '../../components/ui/field.js';
import { AuthCard, failureMessage, useResetPassword } from '../../features/auth/index.js';

type Values = z.input<typeof resetPasswordFormSchema>;

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [serverError, setServerError] = useState<string>();
  const token = params.get('token') ?? '';
  const { register, handleSubmit, formState } = useForm<Values, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(undefined);
    try {
      await reset.mutateAsync({ token, password });
      toast.success(AUTH_MSG.passwordReset);
      navigate('/login', { replace: true });
    } catch (err) {
      setServerError(failureMessage(err, 'Erro ao redefinir a senha. Tente novamente.'));
    }
  });

  const footer = (
    <Link to="/forgot-password" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
      Solicitar um novo link
    </Link>
  );
  if (!token) {
    return (
      <AuthCard title="Redefinir senha" footer={footer}>
        <Alert tone="error">{AUTH_MSG.resetTokenInvalid}</Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Redefinir senha" subtitle="Escolha uma nova senha para a sua conta." footer={footer}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormAlert error={serverError} />
        <NewPasswordInputs
          password={register('password')}
          passwordError={formState.errors.password?.message}
          confirm={register('confirmPassword')}
          confirmError={formState.errors.confirmPassword?.message}
        />
        <SubmitButton size="lg" className="w-full" submitting={formState.isSubmitting} busyText="Salvando...">
          Redefinir senha
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
