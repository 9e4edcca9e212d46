/**
 * The trial analysis as agronomists read it: ANOVA table, CV, means with Tukey and Scott-Knott
 * letters, a bar chart of means with their letters, and gains over the control.
 */
import { useQuery } from '@tanstack/react-query';
import type { AnalysisResponse } from '../../../shared/api-types.js';
import { formatBRL, formatNumber } from '../../../shared/format.js';
import { Alert } from '../../components/ui/alert.js';
import { Spinner } from '../../components/ui/spinner.js';
import { queryKeys } from '../../lib/query-keys.js';
import { ApiError } from '../../lib/api-client.js';
import { api } from '../../lib/api.js';

export function useAnalysis(id: number | null) {
  return useQuery({
    queryKey: queryKeys.analysis(id),
    queryFn: () => api.request<AnalysisResponse>(`/api/experiments/${id}/analise`),
    enabled: id !== null,
    retry: false,
  });
}

const n = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? '-' : formatNumber(v, digits));
const p = (v: number | null | undefined) => (v === null || v === undefined ? '-' : v < 0.0001 ? '< 0,0001' : formatNumber(v, 4));

function MeansChart({ grupos }: { grupos: { nome: string; media: number; letras: string }[] }) {
  const W = 640;
  const H = 240;
  const pad = { l: 8, r: 8, t: 22, b: 48 };
  const max = Math.max(...grupos.map((g) => g.media)) * 1.1 || 1;
  const bw = (W - pad.l - pad.r) / grupos.length;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label="Médias dos tratamentos com as letras do teste de Tukey">
      {grupos.map((g, i) => {
        const h = ((H - pad.t - pad.b) * g.media) / max;
        const x = pad.l + i * bw + bw * 0.15;
        const y = H - pad.b - h;
        return (
          <g key={g.nome}>
            <rect x={x} y={y} width={bw * 0.7} height={h} fill={i === 0 ? '#2d6a3e' : '#5fae5a'} rx={3} />
            <text x={x + bw * 0.35} y={y - 6} textAnchor="middle" fontSize={13} fontWeight={700} fill="#1e452a">
              {g.letras}
            </text>
            <text x={x + bw * 0.35} y={H - pad.b + 16} textAnchor="middle" fontSize={11} fill="#334155">
              {g.nome.length > 14 ? `${g.nome.slice(0, 14)}…` : g.nome}
            </text>
            <text x={x + bw * 0.35} y={H - pad.b + 32} textAnchor="middle" fontSize={11} fill="#475569">
              {formatNumber(g.media, 0)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export function AnalysisView({ id }: { id: number }) {
  const q = useAnalysis(id);
  if (q.isPending)
    return (
      <div className="flex justify-center py-6 text-brand-700">
        <Spinner />
      </div>
    );
  if (q.isError)
    return <p className="text-sm text-slate-600">{q.error instanceof ApiError ? q.error.message : 'Erro ao buscar experimento'}</p>;
  const a = q.data;
  const sk = new Map(a.scottKnott.grupos.map((g) => [g.nome, g.letras]));
  const rows: [string, { gl: number; sq: number; qm?: number; f?: number | null; p?: number | null } | null][] = [
    ['Tratamentos', a.anova.tratamentos],
    ['Blocos', a.anova.blocos],
    ['Resíduo', a.anova.residuo],
    ['Total', a.anova.total],
  ];
  return (
    <div className="space-y-4 text-sm">
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-slate-800">
        <span>
          Delineamento: <strong>{a.delineamento === 'DBC' ? 'Blocos casualizados (DBC)' : 'Inteiramente casualizado (DIC)'}</strong>
        </span>
        <span>
          Média geral: <strong>{n(a.media)} kg/ha</strong>
        </span>
        <span>
          CV: <strong>{n(a.cv)}%</strong> ({a.cvClasse})
        </span>
      </div>
      {a.avisos.length ? (
        <Alert tone="warning">
          <ul className="list-disc space-y-1 pl-5">
            {a.avisos.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <div className="overflow-x-auto">
        <table className="min-w-full text-right">
          <caption className="mb-1 text-left font-semibold text-slate-800">Análise de variância</caption>
          <thead className="border-b border-soil-200 text-xs uppercase text-slate-600">
            <tr>
              <th className="py-1 text-left">FV</th>
              <th>GL</th>
              <th>SQ</th>
              <th>QM</th>
              <th>F</th>
              <th>p</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, r]) =>
              r ? (
                <tr key={label} className="border-b border-soil-100">
                  <td className="py-1 text-left">{label}</td>
                  <td>{r.gl}</td>
                  <td>{n(r.sq)}</td>
                  <td>{r.qm === undefined ? '' : n(r.qm)}</td>
                  <td>{r.f === undefined ? '' : n(r.f, 3)}</td>
                  <td>{r.p === undefined ? '' : p(r.p)}</td>
                </tr>
              ) : null,
            )}
          </tbody>
        </table>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="overflow-x-auto">
          <table className="min-w-full">
            <caption className="mb-1 text-left font-semibold text-slate-800">Médias (kg/ha) e letras a 5%</caption>
            <thead className="border-b border-soil-200 text-xs uppercase text-slate-600">
              <tr>
                <th className="py-1 text-left">Tratamento</th>
                <th className="text-right">Média</th>
                <th className="text-center">Tukey</th>
                <th className="text-center">Scott-Knott</th>
              </tr>
            </thead>
            <tbody>
              {a.tukey.grupos.map((g) => (
                <tr key={g.nome} className="border-b border-soil-100">
                  <td className="py-1">{g.nome}</td>
                  <td className="text-right">{n(g.media)}</td>
                  <td className="text-center font-semibold">{g.letras}</td>
                  <td className="text-center font-semibold">{sk.get(g.nome) ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-1 text-xs text-slate-600">
            DMS (Tukey 5%): {n(a.tukey.dms)} kg/ha. Médias seguidas da mesma letra não diferem entre si.
          </p>
        </div>
        <MeansChart grupos={a.tukey.grupos} />
      </div>
      {a.testemunha ? (
        <div className="overflow-x-auto">
          <table className="min-w-full text-right">
            <caption className="mb-1 text-left font-semibold text-slate-800">
              Ganho sobre a testemunha ({a.testemunha.nome}: {n(a.testemunha.media)} kg/ha)
            </caption>
            <thead className="border-b border-soil-200 text-xs uppercase text-slate-600">
              <tr>
                <th className="py-1 text-left">Tratamento</th>
                <th>kg/ha</th>
                <th>sc/ha</th>
                <th>%</th>
                <th>Receita extra (R$/ha)</th>
                <th>Custo (R$/ha)</th>
                <th>Retorno líquido (R$/ha)</th>
                <th>Retorno por R$ 1</th>
              </tr>
            </thead>
            <tbody>
              {a.ganhos.map((g) => (
                <tr key={g.nome} className="border-b border-soil-100">
                  <td className="py-1 text-left">{g.nome}</td>
                  <td>{n(g.kgHa, 1)}</td>
                  <td>{n(g.scHa, 2)}</td>
                  <td>{g.pct === null ? '-' : `${n(g.pct, 1)}%`}</td>
                  <td>{g.receitaExtra === null ? '-' : formatBRL(g.receitaExtra)}</td>
                  <td>{formatBRL(g.custo)}</td>
                  <td>{g.retornoLiquido === null ? '-' : formatBRL(g.retornoLiquido)}</td>
                  <td>{g.retornoPorReal === null ? '-' : `${n(g.retornoPorReal, 2)}×`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {a.ganhos.every((g) => g.receitaExtra === null) ? (
        <p className="text-xs text-slate-600">
          Informe o preço da saca no passo 6 do formulário para ver a receita extra e o retorno de cada tratamento.
        </p>
      ) : null}
    </div>
  );
}
