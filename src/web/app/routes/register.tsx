import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { AUTH_MSG, registerFormSchema } from '../../../shared/auth.js';
import { REGISTER_REDIRECT_DELAY_MS, ROLE_LABELS } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import { FormAlert } from '../../components/ui/alert.js';
import { SubmitButton } from '../../components/ui/button.js';
import { Checkbox, EmailInput, Input, PasswordInput, Select } from '../../components/ui/field.js';
import { ApiError } from '../../lib/api-client.js';
import { preloadRoute } from '../prefetch.js';
import {
  AuthCard,
  failureMessage,
  firstError,
  registrationKey,
  storeSession,
  useRegister,
  useRegistrationInfo,
} from '../../features/auth/index.js';

type Values = z.input<typeof registerFormSchema>;
const ORDER = ['name', 'email', 'company', 'role', 'password', 'confirmPassword', 'terms'] as const;
/**
 * Under the role select when the server refuses Administrador (it starts with the product's text,
 * docs/product-rules.md#users-and-roles).
 */
const ADMIN_REFUSED = `${MSG.invalidRole}: o perfil Administrador é só para a primeira conta da instalação.`;

export function RegisterPage() {
  const navigate = useNavigate();
  const registerCall = useRegister();
  const queryClient = useQueryClient();
  // Administrador is offered only while the installation has no account (not while asking).
  const adminAvailable = useRegistrationInfo().data?.adminAvailable === true;
  const [serverError, setServerError] = useState<string>();
  const [done, setDone] = useState(false);
  const { register, handleSubmit, formState, setError, setValue } = useForm<Values, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: '', email: '', company: '', role: 'user', password: '', confirmPassword: '', terms: false },
  });

  useEffect(() => {
    if (!done) return;
    // The dashboard's code and data load while the success message is read.
    preloadRoute('/dashboard');
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), REGISTER_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = handleSubmit(async ({ confirmPassword: _c, terms: _t, ...body }) => {
    setServerError(undefined);
    try {
      storeSession(await registerCall.mutateAsync(body));
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.fields?.role === MSG.invalidRole && body.role === 'admin') {
        // Someone else became the first account meanwhile: say so under the select, which no longer offers it.
        setValue('role', 'user');
        setError('role', { message: ADMIN_REFUSED }, { shouldFocus: true });
        void queryClient.invalidateQueries({ queryKey: registrationKey });
        return;
      }
      if (err instanceof ApiError && err.fields) {
        for (const [field, message] of Object.entries(err.fields)) {
          if ((ORDER as readonly string[]).includes(field)) setError(field as (typeof ORDER)[number], { message }, { shouldFocus: true });
        }
      }
      setServerError(failureMessage(err, AUTH_MSG.registerError));
    }
  });

  const invalid = (name: (typeof ORDER)[number]) => (formState.errors[name] ? true : undefined);
  const roleError = formState.errors.role?.message;
  // The role's message shows under its select; the banner carries the others.
  const error =
    firstError(
      formState.errors,
      ORDER.filter((f) => f !== 'role'),
    ) ?? serverError;
  return (
    <AuthCard
      title="Criar Conta"
      subtitle="Cadastre-se para registrar e analisar experimentos de campo."
      footer={
        <>
          Já tem uma conta?{' '}
          <Link to="/login" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Entrar
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormAlert success={done && AUTH_MSG.registerSuccess} error={error} />
        <Input label="Nome completo" autoComplete="name" requiredMark aria-invalid={invalid('name')} {...register('name')} />
        <EmailInput requiredMark aria-invalid={invalid('email')} {...register('email')} />
        <Input label="Empresa (opcional)" autoComplete="organization" aria-invalid={invalid('company')} {...register('company')} />
        <Select label="Tipo de usuário" error={roleError} {...register('role')}>
          <option value="user">{ROLE_LABELS.user}</option>
          <option value="consultor">{ROLE_LABELS.consultor}</option>
          {adminAvailable ? <option value="admin">{ROLE_LABELS.admin}</option> : null}
        </Select>
        <PasswordInput
          label="Senha"
          autoComplete="new-password"
          requiredMark
          hint="Mínimo de 6 caracteres."
          aria-invalid={invalid('password')}
          {...register('password')}
        />
        <PasswordInput
          label="Confirmar senha"
          autoComplete="new-password"
          requiredMark
          aria-invalid={invalid('confirmPassword')}
          {...register('confirmPassword')}
        />
        <Checkbox
          aria-invalid={invalid('terms')}
          label={
            <>
              Li e aceito os{' '}
              <Link to="/terms" target="_blank" className="font-medium text-brand-700 underline">
                Termos de Uso
              </Link>{' '}
              e a{' '}
              <Link to="/privacy" target="_blank" className="font-medium text-brand-700 underline">
                Política de Privacidade
              </Link>
            </>
          }
          {...register('terms')}
        />
        <SubmitButton size="lg" className="w-full" submitting={formState.isSubmitting} disabled={done} busyText="Criando conta...">
          Criar Conta
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
