import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../components/ui/toast.js';
import type { z } from 'zod';
import { AUTH_MSG, type ProfileFormInput, type PublicUser, changePasswordFormSchema, profileFormSchema } from '../../../shared/auth.js';
import { ROLE_LABELS } from '../../../shared/constants.js';
import { formatLongDate, initials } from '../../../shared/format.js';
import { PageTitle } from '../../components/page-title.js';
import { FormAlert } from '../../components/ui/alert.js';
import { Button, SubmitButton } from '../../components/ui/button.js';
import { Card, CardBody, CardHeader } from '../../components/ui/card.js';
import { EmailInput, Input, NewPasswordInputs, PasswordInput, Select } from '../../components/ui/field.js';
import { ApiError } from '../../lib/api-client.js';
import { useSession } from '../../lib/api.js';
import { failureMessage, RoleBadge, useChangePassword, useUpdateProfile } from '../../features/auth/index.js';
import { useSignOut } from '../sign-out.js';
import { DescriptionItem } from '../../components/ui/description-item.js';

export function ProfilePage() {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);
  if (!user) return null;

  return (
    <div className="mx-auto max-w-3xl">
      <PageTitle title="Meu Perfil" subtitle="Seus dados de acesso ao Gestão Agrícola." />
      <Card>
        <div className="flex flex-wrap items-center gap-4 border-b border-soil-100 px-5 py-5 sm:px-6">
          <div
            className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white"
            aria-hidden="true"
          >
            {initials(user.name)}
          </div>
          <div className="min-w-48 flex-1">
            <p className="truncate text-lg font-semibold text-slate-900">{user.name}</p>
            <p className="truncate text-sm text-slate-600">{user.email}</p>
          </div>
          <RoleBadge role={user.role} />
        </div>
        <CardBody>
          {editing ? (
            <ProfileForm user={user} onDone={() => setEditing(false)} />
          ) : (
            <>
              <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
                <DescriptionItem look="caps" label="Nome" value={user.name} />
                <DescriptionItem look="caps" label="Email" value={user.email} />
                <DescriptionItem look="caps" label="Empresa" value={user.company || AUTH_MSG.notInformed} />
                <DescriptionItem look="caps" label="Tipo de usuário" value={ROLE_LABELS[user.role]} />
                <DescriptionItem look="caps" label="Membro desde" value={formatLongDate(user.createdAt)} />
              </dl>
              <div className="mt-6 flex flex-wrap gap-3">
                <Button onClick={() => setEditing(true)}>Editar Perfil</Button>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setSigningOut(true);
                    void signOut().finally(() => setSigningOut(false));
                  }}
                  disabled={signingOut}
                >
                  Sair
                </Button>
              </div>
            </>
          )}
        </CardBody>
      </Card>
      <ChangePasswordCard />
    </div>
  );
}

type ProfileValues = ProfileFormInput;
type ProfileOutput = z.output<ReturnType<typeof profileFormSchema>>;
const PROFILE_FIELDS: (keyof ProfileValues)[] = ['name', 'email', 'company', 'role', 'currentPassword'];

function ProfileForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const update = useUpdateProfile();
  const [serverError, setServerError] = useState<string>();
  const isAdmin = user.role === 'admin';
  const { register, handleSubmit, formState, setError, reset, control } = useForm<ProfileValues, unknown, ProfileOutput>({
    resolver: zodResolver(profileFormSchema(user.email)),
    defaultValues: { name: user.name, email: user.email, company: user.company ?? '', role: user.role, currentPassword: '' },
  });
  // The current password is asked only when the e-mail changes (compared as the server stores it).
  const emailChanges = (useWatch({ control, name: 'email' }) ?? '').trim().toLowerCase() !== user.email;

  const onSubmit = handleSubmit(async ({ currentPassword, ...values }) => {
    setServerError(undefined);
    const body = isAdmin ? values : { name: values.name, email: values.email, company: values.company };
    try {
      await update.mutateAsync(values.email !== user.email ? { ...body, currentPassword } : body);
      toast.success(AUTH_MSG.profileSuccess);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        for (const [field, message] of Object.entries(err.fields)) {
          if (PROFILE_FIELDS.includes(field as keyof ProfileValues))
            setError(field as keyof ProfileValues, { message }, { shouldFocus: true });
        }
      }
      setServerError(failureMessage(err, AUTH_MSG.profileError));
    }
  });

  const cancel = () => {
    reset();
    onDone();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert error={serverError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="Nome" autoComplete="name" error={formState.errors.name?.message} {...register('name')} />
        <EmailInput error={formState.errors.email?.message} {...register('email')} />
        <Input label="Empresa" autoComplete="organization" error={formState.errors.company?.message} {...register('company')} />
        <Select
          label="Tipo de usuário"
          disabled={!isAdmin}
          hint={isAdmin ? undefined : 'Somente um administrador altera o tipo de usuário.'}
          error={formState.errors.role?.message}
          {...register('role')}
        >
          <option value="user">{ROLE_LABELS.user}</option>
          <option value="consultor">{ROLE_LABELS.consultor}</option>
          <option value="admin">{ROLE_LABELS.admin}</option>
        </Select>
        {emailChanges ? (
          <PasswordInput
            label="Senha atual"
            autoComplete="current-password"
            hint="Necessária para alterar o email. As sessões em outros dispositivos serão encerradas e avisaremos o email atual."
            error={formState.errors.currentPassword?.message}
            {...register('currentPassword')}
          />
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3 pt-2">
        <SubmitButton submitting={formState.isSubmitting} busyText="Salvando...">
          Salvar
        </SubmitButton>
        <Button variant="secondary" onClick={cancel} disabled={formState.isSubmitting}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

type PasswordValues = z.input<typeof changePasswordFormSchema>;

function ChangePasswordCard() {
  const change = useChangePassword();
  const [serverError, setServerError] = useState<string>();
  const { register, handleSubmit, formState, setError, reset } = useForm<
    PasswordValues,
    unknown,
    z.output<typeof changePasswordFormSchema>
  >({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setServerError(undefined);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      toast.success(AUTH_MSG.passwordChanged);
      reset();
    } catch (err) {
      if (err instanceof ApiError && err.fields?.currentPassword) {
        setError('currentPassword', { message: err.fields.currentPassword }, { shouldFocus: true });
        return;
      }
      setServerError(failureMessage(err, 'Erro ao alterar a senha. Tente novamente.'));
    }
  });

  return (
    <Card className="mt-6">
      <CardHeader
        title="Alterar senha"
        description="Ao alterar a senha, as sessões abertas em outros dispositivos são encerradas e avisamos você por email."
      />
      <CardBody>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormAlert error={serverError} />
          <div className="grid gap-4 sm:grid-cols-3">
            <PasswordInput
              label="Senha atual"
              autoComplete="current-password"
              error={formState.errors.currentPassword?.message}
              {...register('currentPassword')}
            />
            <NewPasswordInputs
              password={register('newPassword')}
              passwordError={formState.errors.newPassword?.message}
              confirm={register('confirmPassword')}
              confirmError={formState.errors.confirmPassword?.message}
            />
          </div>
          <SubmitButton submitting={formState.isSubmitting} busyText="Salvando...">
            Alterar senha
          </SubmitButton>
        </form>
      </CardBody>
    </Card>
  );
}
