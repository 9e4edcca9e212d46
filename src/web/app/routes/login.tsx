import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { AUTH_MSG, loginSchema } from '../../../shared/auth.js';
import { LOGIN_REDIRECT_DELAY_MS } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import { Alert, FormAlert } from '../../components/ui/alert.js';
import { SubmitButton } from '../../components/ui/button.js';
import { Checkbox, EmailInput, PasswordInput } from '../../components/ui/field.js';
import { AuthCard, failureMessage, firstError, redirectTarget, storeSession, useLogin } from '../../features/auth/index.js';
import { useSession } from '../../lib/api.js';
import { preloadOnIntent, preloadRoute } from '../prefetch.js';
import { signOutFlow } from '../sign-out.js';

type Values = z.input<typeof loginSchema>;

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [serverError, setServerError] = useState<string>();
  const [done, setDone] = useState(false);
  // Set when the server ended the session and the user was sent here; signing in clears it.
  const { expired } = useSession();
  const { register, handleSubmit, formState } = useForm<Values, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(redirectTarget(location.state), { replace: true }), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, location.state]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      // A sign-out made here without a connection is told to the server first.
      await signOutFlow.flush();
      storeSession(await login.mutateAsync(values));
      setDone(true);
      // The success message stays on screen for a moment: the next page's code and data load meanwhile.
      preloadRoute(redirectTarget(location.state));
    } catch (err) {
      setServerError(failureMessage(err, AUTH_MSG.loginError, { 401: MSG.invalidCredentials }));
    }
  });

  const error = firstError(formState.errors, ['email', 'password']) ?? serverError;
  return (
    <AuthCard
      title="Entrar"
      subtitle="Acesse sua conta para gerenciar seus experimentos."
      footer={
        <>
          Não tem uma conta?{' '}
          <Link
            to="/register"
            {...preloadOnIntent('/register')}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Criar conta
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {expired ? <Alert tone="warning">{AUTH_MSG.sessionExpired}</Alert> : null}
        <FormAlert success={done && AUTH_MSG.loginSuccess} error={error} />
        <EmailInput aria-invalid={formState.errors.email ? true : undefined} {...register('email')} />
        <PasswordInput
          label="Senha"
          autoComplete="current-password"
          aria-invalid={formState.errors.password ? true : undefined}
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          {/* Present, and deliberately without effect (docs/product-rules.md#sign-in-sign-up-and-recovery). */}
          <Checkbox label="Lembrar senha" name="rememberPassword" />
          <Link
            to="/forgot-password"
            {...preloadOnIntent('/forgot-password')}
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Esqueceu a senha?
          </Link>
        </div>
        <SubmitButton size="lg" className="w-full" submitting={formState.isSubmitting} disabled={done} busyText="Entrando...">
          Entrar
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
