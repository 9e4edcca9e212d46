import { useState } from 'react';
import { AUDIT_ACTIONS, AUDIT_KINDS, type AuditAction, type AuditKind } from '../../../shared/audit.js';
import { formatDateTime, formatNumber } from '../../../shared/format.js';
import { PageTitle } from '../../components/page-title.js';
import { QueryState } from '../../components/query-state.js';
import { Badge, type BadgeTone } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { DataTable } from '../../components/ui/data-table.js';
import { Select } from '../../components/ui/field.js';
import { AUDIT_PAGE_SIZE, AuditChanges, useAuditTrail } from '../../features/audit/index.js';

const TONES: Record<AuditAction, BadgeTone> = {
  'experiment.create': 'green',
  'experiment.import': 'green',
  'experiment.update': 'blue',
  'experiment.delete': 'red',
  'document.add': 'purple',
  'document.delete': 'orange',
  'account.create': 'green',
  'account.role': 'yellow',
  'account.profile': 'blue',
  'account.email': 'yellow',
  'account.password': 'yellow',
  'account.password_reset': 'yellow',
  'account.logout': 'gray',
  'reference.create': 'green',
  'reference.update': 'blue',
  'reference.delete': 'red',
  'import.upload': 'purple',
  'import.discard': 'orange',
};

const isKind = (value: string): value is AuditKind => Object.hasOwn(AUDIT_KINDS, value);

/** `/admin/auditoria`: who changed which experiment, document, account, reference item or import, and when. */
export function AdminAuditPage() {
  const [page, setPage] = useState(0);
  const [tipo, setTipo] = useState<AuditKind | ''>('');
  const trail = useAuditTrail(page, tipo);
  const total = trail.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));

  return (
    <div>
      <PageTitle title="Auditoria" subtitle="Quem alterou experimentos, documentos, contas, dados de referência e importações, e quando." />
      <div className="mb-4 max-w-xs">
        <Select
          label="Tipo"
          name="tipo"
          value={tipo}
          onChange={(e) => {
            setTipo(isKind(e.target.value) ? e.target.value : '');
            setPage(0);
          }}
        >
          <option value="">Todos</option>
          {Object.entries(AUDIT_KINDS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <QueryState query={trail} errorText="Erro ao buscar a auditoria.">
        {(data) =>
          data.entries.length === 0 ? (
            <Card className="p-8 text-center text-slate-700">
              {tipo ? 'Nenhuma alteração deste tipo registrada.' : 'Nenhuma alteração registrada ainda.'}
            </Card>
          ) : (
            <Card className="overflow-hidden">
              <DataTable headers={['Data e hora', 'Usuário', 'Ação', 'Sobre', 'Alterações']} bodyClassName="align-top">
                {data.entries.map((entry) => (
                  <tr key={entry.id} data-testid="audit-entry">
                    <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(entry.at)}</td>
                    <td className="px-4 py-3 font-medium text-slate-900">{entry.user.name}</td>
                    <td className="whitespace-nowrap px-4 py-3">
                      <Badge tone={TONES[entry.action] ?? 'gray'}>{AUDIT_ACTIONS[entry.action] ?? entry.action}</Badge>
                    </td>
                    <td className="px-4 py-3 text-slate-800">
                      {entry.label}
                      {entry.experimentId ? (
                        <span className="block text-xs text-slate-600">experimento nº {entry.experimentId}</span>
                      ) : null}
                    </td>
                    <td className="min-w-[16rem] px-4 py-3 text-slate-700">
                      <AuditChanges changes={entry.changes} />
                    </td>
                  </tr>
                ))}
              </DataTable>
              <div className="flex flex-wrap items-center justify-between gap-3 border-t border-soil-200 px-4 py-3 text-sm text-slate-700">
                <span>
                  Página {page + 1} de {pages} · {formatNumber(total, 0)} {total === 1 ? 'registro' : 'registros'}
                </span>
                <div className="flex gap-2">
                  <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                    Anterior
                  </Button>
                  <Button variant="secondary" size="sm" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
                    Próxima
                  </Button>
                </div>
              </div>
            </Card>
          )
        }
      </QueryState>
    </div>
  );
}
