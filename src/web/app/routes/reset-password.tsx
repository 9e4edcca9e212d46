import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toast.js';
import type { z } from 'zod';
import { AUTH_MSG, resetPasswordFormSchema } from '../../../shared/auth.js';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { PasswordInput } from '../../components/ui/field.js';
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
        {serverError ? <Alert tone="error">{serverError}</Alert> : null}
        <PasswordInput
          label="Nova senha"
          autoComplete="new-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label="Confirmar nova senha"
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Salvando...' : 'Redefinir senha'}
        </Button>
      </form>
    </AuthCard>
  );
}
