/**
 * A trial's checklist under a MAPA norm (issue 34): the overall verdict, then each rule with its
 * status in words (not colour alone), what it asks, where the norm says it, the verdict with its
 * numbers, and what to change when it fails. The same view for a trial being planned (the form's
 * values, without yields) and a saved one (the server's answer).
 */
import {
  type ConformidadeResponse,
  type Norma,
  type RegraConformidade,
  SITUACAO_REGRA_LABEL,
  type SituacaoRegra,
} from '../../../../shared/conformidade.js';
import { Badge, type BadgeTone } from '../../../components/ui/badge.js';
import { cn } from '../../../lib/cn.js';

/** The norm's short name, as the verdict says it ("Atende à IN 53/2013"). */
const NORMA_CURTA: Readonly<Record<Norma, string>> = { in53: 'IN 53/2013' };

/** The overall verdict: any rule failing fails; else any rule still pending is pending; else it holds. */
export function statusGeral(c: Pick<ConformidadeResponse, 'regras'>): 'atende' | 'nao_atende' | 'pendente' {
  const status = c.regras.map((r) => r.situacao);
  if (status.includes('nao_atende')) return 'nao_atende';
  return status.includes('pendente') ? 'pendente' : 'atende';
}

const STATUS: Readonly<Record<SituacaoRegra, { label: string; tone: string; icon: string }>> = {
  atende: { label: SITUACAO_REGRA_LABEL.atende, tone: 'bg-green-100 text-green-800 ring-green-200', icon: '✓' },
  nao_atende: { label: SITUACAO_REGRA_LABEL.nao_atende, tone: 'bg-red-100 text-red-800 ring-red-200', icon: '✕' },
  nao_se_aplica: { label: SITUACAO_REGRA_LABEL.nao_se_aplica, tone: 'bg-slate-100 text-slate-700 ring-slate-200', icon: '–' },
  pendente: { label: SITUACAO_REGRA_LABEL.pendente, tone: 'bg-amber-100 text-amber-900 ring-amber-200', icon: '…' },
};

const GERAL: Readonly<Record<ReturnType<typeof statusGeral>, { tone: BadgeTone; label: (norma: string) => string }>> = {
  atende: { tone: 'green', label: (n) => `Atende à ${n}` },
  nao_atende: { tone: 'red', label: () => 'Não atende' },
  pendente: { tone: 'yellow', label: () => 'Pendente' },
};

/** The overall verdict's badge ("Atende à IN 53/2013", "Não atende", "Pendente"). */
export function ConformityBadge({ conformidade, className }: { conformidade: ConformidadeResponse; className?: string }) {
  const g = GERAL[statusGeral(conformidade)];
  return (
    <Badge tone={g.tone} className={className}>
      {g.label(NORMA_CURTA[conformidade.norma] ?? conformidade.norma)}
    </Badge>
  );
}

function RuleStatus({ status }: { status: SituacaoRegra }) {
  const s = STATUS[status];
  return (
    <span
      className={cn('inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', s.tone)}
    >
      <span aria-hidden="true">{s.icon}</span>
      {s.label}
    </span>
  );
}

function RuleItem({ regra }: { regra: RegraConformidade }) {
  const status = regra.situacao;
  return (
    <li className="gap-x-4 py-3 sm:grid sm:grid-cols-[8.5rem_minmax(0,1fr)]" data-codigo={regra.codigo} data-status={status}>
      <div>
        <RuleStatus status={status} />
      </div>
      <div className="mt-1 min-w-0 sm:mt-0">
        <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{regra.titulo}</p>
        <p className="text-xs text-slate-600">{regra.referencia}</p>
        <p className="mt-1.5 text-sm text-slate-700 [overflow-wrap:anywhere]">{regra.detalhe}</p>
        {regra.sugestao ? (
          <p className="mt-1.5 rounded-md border-l-4 border-amber-400 bg-amber-50 px-3 py-1.5 text-sm text-amber-950 [overflow-wrap:anywhere]">
            <strong className="font-semibold">Sugestão: </strong>
            {regra.sugestao}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The checklist: a header with the norm's full title and the overall badge (unless `compact`, where
 * the host shows them), then the rules as a list.
 */
export function ConformityChecklist({
  conformidade,
  compact = false,
  className,
}: {
  conformidade: ConformidadeResponse;
  /** Without the header: the host (a disclosure's summary) already names the norm and the verdict. */
  compact?: boolean;
  className?: string;
}) {
  const curta = NORMA_CURTA[conformidade.norma] ?? conformidade.norma;
  return (
    <div className={cn('min-w-0', className)}>
      {compact ? null : (
        <div className="flex flex-wrap items-start justify-between gap-2 border-b border-soil-100 pb-3">
          <p className="min-w-0 flex-1 basis-64 text-sm text-slate-700">{conformidade.normaTitulo}</p>
          <ConformityBadge conformidade={conformidade} />
        </div>
      )}
      <ul className="divide-y divide-soil-100" aria-label={`Regras da ${curta}`}>
        {conformidade.regras.map((r) => (
          <RuleItem key={r.codigo} regra={r} />
        ))}
      </ul>
    </div>
  );
}
