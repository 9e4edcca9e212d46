import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { AUTH_MSG, forgotPasswordSchema } from '../../../shared/auth.js';
import { FormAlert } from '../../components/ui/alert.js';
import { SubmitButton } from '../../components/ui/button.js';
import { EmailInput } from '../../components/ui/field.js';
import { AuthCard, failureMessage, useForgotPassword } from '../../features/auth/index.js';

type Values = z.input<typeof forgotPasswordSchema>;

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [serverError, setServerError] = useState<string>();
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, formState } = useForm<Values, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(undefined);
    try {
      await forgot.mutateAsync(email);
      setSent(true);
    } catch (err) {
      setServerError(failureMessage(err, AUTH_MSG.forgotError));
    }
  });

  const error = formState.errors.email?.message ?? serverError;
  return (
    <AuthCard
      title="Recuperar senha"
      subtitle="Informe o email da sua conta e enviaremos um link para criar uma nova senha."
      footer={
        <div className="flex flex-wrap justify-center gap-x-6 gap-y-2">
          <Link to="/login" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Voltar para o login
          </Link>
          <Link to="/register" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Criar conta
          </Link>
        </div>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormAlert success={sent && AUTH_MSG.forgotSuccess} error={error} />
        <EmailInput aria-invalid={formState.errors.email ? true : undefined} {...register('email')} />
        <SubmitButton size="lg" className="w-full" submitting={formState.isSubmitting} busyText="Enviando...">
          Enviar
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
