import { toast } from '../../components/ui/toast.js';
import { ROLE_LABELS, ROLES, type Role } from '../../../shared/constants.js';
import { formatLongDate } from '../../../shared/format.js';
import { PageTitle } from '../../components/page-title.js';
import { QueryState } from '../../components/query-state.js';
import { Card } from '../../components/ui/card.js';
import { DataTable } from '../../components/ui/data-table.js';
import { ApiError } from '../../lib/api-client.js';
import { useSession } from '../../lib/api.js';
import { RoleBadge, useChangeRole, useUsers } from '../../features/auth/index.js';
import { Options } from '../../components/ui/field.js';

export function AdminUsersPage() {
  const { user: me } = useSession();
  const users = useUsers();
  const changeRole = useChangeRole();

  const onChange = async (id: string, name: string, role: Role) => {
    try {
      await changeRole.mutateAsync({ id, role });
      toast.success(`Perfil de ${name} alterado para ${ROLE_LABELS[role]}.`);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Erro ao alterar o perfil. Tente novamente.');
    }
  };

  return (
    <div>
      <PageTitle title="Usuários" subtitle="Contas da instalação e seus perfis de acesso." />
      <QueryState query={users} errorText="Erro ao carregar usuários.">
        {(data) => (
          <Card className="overflow-hidden">
            <DataTable headers={['Nome', 'Email', 'Empresa', 'Membro desde', 'Perfil']}>
              {data.users.map((u) => (
                <tr key={u.id}>
                  <td className="px-4 py-3 font-medium text-slate-900">
                    {u.name}
                    {u.id === me?.id ? <span className="ml-2 text-xs text-slate-600">(você)</span> : null}
                  </td>
                  <td className="px-4 py-3 text-slate-700">{u.email}</td>
                  <td className="px-4 py-3 text-slate-700">{u.company || '—'}</td>
                  <td className="px-4 py-3 text-slate-700">{formatLongDate(u.createdAt)}</td>
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      <RoleBadge role={u.role} />
                      <select
                        name="role"
                        aria-label={`Perfil de ${u.name}`}
                        value={u.role}
                        disabled={changeRole.isPending}
                        onChange={(e) => onChange(u.id, u.name, e.target.value as Role)}
                        className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm focus:outline-none focus:ring-2 focus:ring-brand-500"
                      >
                        <Options values={ROLES} labels={ROLE_LABELS} />
                      </select>
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
          </Card>
        )}
      </QueryState>
    </div>
  );
}
