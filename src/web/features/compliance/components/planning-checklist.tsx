/**
 * The checklist while a trial is planned (issue 34): IN 53/2013's rules on the form's current values,
 * computed in the browser with the same table the server reads (shared/conformidade-regras.ts), and
 * without an analysis (no yields yet: those rules are "Pendente"). Folded in a disclosure whose
 * summary carries the verdict, so that it does not crowd the form. Rendered inside the experiment
 * form (its react-hook-form context), which receives it as a slot (lib/slots.ts).
 */
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { PAPEIS, type Papel } from '../../../../shared/constants.js';
import { toNumberOrNull } from '../../../../shared/decimal.js';
import { type EnsaioConformidade, conformidade } from '../../../../shared/conformidade-regras.js';
import { ConformityBadge, ConformityChecklist } from './conformity-checklist.js';

const WATCHED = [
  'tipo_estatistica',
  'blocos',
  'latitude',
  'longitude',
  'tratamentos',
  'aplicacoes',
  'produtividade_regional',
  'cultura',
  'estado',
] as const;

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const papelOf = (v: unknown): Papel | null => ((PAPEIS as readonly unknown[]).includes(v) ? (v as Papel) : null);

/** Whole blocks of 1 or more, else null ("Sem repetições" leaves the form's `blocos` null or 0). */
function blocosOf(v: unknown): number | null {
  const n = toNumberOrNull(v);
  return n !== null && Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * What the rules read, from the form's values as they are typed: numbers may still be text
 * ("3,5"), empty ('') or null; a role not chosen is ''.
 */
export function ensaioDoFormulario(values: {
  tipo_estatistica?: unknown;
  blocos?: unknown;
  latitude?: unknown;
  longitude?: unknown;
  tratamentos?: unknown;
  aplicacoes?: unknown;
  produtividade_regional?: unknown;
  cultura?: unknown;
  estado?: unknown;
}): EnsaioConformidade {
  return {
    produtividade_regional: toNumberOrNull(values.produtividade_regional),
    cultura: text(values.cultura),
    estado: text(values.estado),
    tipo_estatistica: text(values.tipo_estatistica),
    blocos: blocosOf(values.blocos),
    latitude: toNumberOrNull(values.latitude),
    longitude: toNumberOrNull(values.longitude),
    tratamentos: list(values.tratamentos).map((raw) => {
      const t = record(raw);
      return {
        nome: text(t.nome).trim(),
        papel: papelOf(t.papel),
        dose: toNumberOrNull(t.dose),
        nivel_a: text(t.nivel_a),
        nivel_b: text(t.nivel_b),
        produtividade: toNumberOrNull(t.produtividade),
        // Only their count is read (the replicates when no blocks are chosen).
        repeticoes: Array.isArray(t.repeticoes) ? t.repeticoes.map((c) => toNumberOrNull(c) ?? 0) : undefined,
      };
    }),
    aplicacoes: list(values.aplicacoes).map((raw) => {
      const a = record(raw);
      return { data: text(a.data).trim() || null, estadio: text(a.estadio).trim() || null };
    }),
  };
}

/** IN 53/2013's checklist on the trial being typed, folded under its verdict. */
export function PlanningChecklist() {
  const [tipo_estatistica, blocos, latitude, longitude, tratamentos, aplicacoes, produtividade_regional, cultura, estado] = useWatch({
    name: WATCHED as unknown as string[],
  });
  const result = useMemo(
    () =>
      conformidade(
        'in53',
        ensaioDoFormulario({
          tipo_estatistica,
          blocos,
          latitude,
          longitude,
          tratamentos,
          aplicacoes,
          produtividade_regional,
          cultura,
          estado,
        }),
        null,
      ),
    [tipo_estatistica, blocos, latitude, longitude, tratamentos, aplicacoes, produtividade_regional, cultura, estado],
  );
  const falhas = result.regras.filter((r) => r.atende === false).length;
  return (
    <details
      className="group min-w-0 rounded-xl border border-soil-200 bg-white p-3 shadow-sm sm:col-span-2 sm:p-4"
      aria-label="Conformidade com a IN 53/2013"
    >
      <summary className="grid min-h-10 cursor-pointer list-none grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 [&::-webkit-details-marker]:hidden">
        <svg
          viewBox="0 0 20 20"
          className="h-4 w-4 shrink-0 text-slate-600 transition-transform group-open:rotate-90"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M7 4l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-semibold text-slate-900">Conformidade com a IN 53/2013</span>
          <ConformityBadge conformidade={result} />
        </span>
        <span className="col-start-2 text-sm text-slate-600">
          {falhas
            ? `${falhas} ${falhas === 1 ? 'regra não atendida' : 'regras não atendidas'} no planejamento, cada uma com o que ajustar.`
            : 'Regras do MAPA verificadas no planejamento; as que dependem da colheita ficam pendentes.'}
        </span>
      </summary>
      <p className="mt-3 text-xs text-slate-600">{result.normaTitulo}</p>
      <ConformityChecklist conformidade={result} compact className="mt-1" />
    </details>
  );
}
