/**
 * The report's pieces for assessments: which variable is analysed (yield, one assessment, or the
 * area under an assessment's progress curve), Abbott's efficacy with its letters, and the progress
 * curve of each treatment over the rating dates.
 */
import type { AnalysisResponse } from '../../../shared/api-types.js';
import type { Avaliacao } from '../../../shared/assessments.js';
import { rotuloAvaliacao } from '../../../shared/assessments.js';
import { Select } from '../../components/ui/field.js';
import { ScrollX } from '../../components/ui/scroll-x.js';
import { ReportTable, n } from './report-table.js';
import { GridLinesY } from './chart-parts.js';

/** '' for yield, `a:<chave>` for an assessment, `c:<nome>` for the area under its curve. */
export type Variavel = string;

/** The query string of a variable (with `transformacao` when given). */
export function analiseQuery(variavel: Variavel, transformacao: string | null): string {
  const params = new URLSearchParams();
  if (transformacao) params.set('transformacao', transformacao);
  if (variavel.startsWith('a:')) params.set('avaliacao', variavel.slice(2));
  if (variavel.startsWith('c:')) params.set('aacpd', variavel.slice(2));
  const q = params.toString();
  return q ? `?${q}` : '';
}

/** Names rated on two or more dates: their progress curve can be analysed. */
function curvas(avaliacoes: readonly Avaliacao[]): string[] {
  const datas = new Map<string, Set<string>>();
  for (const a of avaliacoes) {
    if (!a.data) continue;
    const key = a.nome.trim();
    datas.set(key, (datas.get(key) ?? new Set()).add(a.data));
  }
  return [...datas].filter(([, d]) => d.size >= 2).map(([nome]) => nome);
}

export function VariableSelect({
  avaliacoes,
  value,
  onChange,
}: {
  /** With their days after the application (`daa`) when the API gave them: the options name them. */
  avaliacoes: readonly (Avaliacao & { daa?: number | null })[];
  value: Variavel;
  onChange: (v: Variavel) => void;
}) {
  if (!avaliacoes.length) return null;
  return (
    <Select
      label="Variável analisada"
      name="variavel"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      containerClassName="max-w-md print:hidden"
    >
      <option value="">Produtividade (kg/ha)</option>
      <optgroup label="Avaliações">
        {avaliacoes.map((a) => (
          <option key={a.chave} value={`a:${a.chave}`}>
            {rotuloAvaliacao(a)}
          </option>
        ))}
      </optgroup>
      {curvas(avaliacoes).length ? (
        <optgroup label="Área abaixo da curva de progresso">
          {curvas(avaliacoes).map((nome) => (
            <option key={nome} value={`c:${nome}`}>
              AACPD de {nome}
            </option>
          ))}
        </optgroup>
      ) : null}
    </Select>
  );
}

/** Abbott's efficacy of each treatment against the control, with the letters of Tukey's test on the plot efficacies. */
export function EfficacySection({ a }: { a: AnalysisResponse }) {
  if (!a.eficacia?.length) return null;
  return (
    <div className="min-w-0">
      <ReportTable
        caption={`Eficácia (Abbott) sobre a testemunha${a.testemunha ? ` (${a.testemunha.nome})` : ''}`}
        columns={[
          { header: 'Tratamento', cell: (e) => e.nome },
          { header: 'Eficácia (%)', kind: 'number', cell: (e) => (e.pct === null ? '-' : `${n(e.pct, 1)}%`) },
          { header: 'Tukey', kind: 'letters', cell: (e) => e.letras },
        ]}
        rows={a.eficacia}
        rowKey={(e) => e.nome}
      />
      <p className="mt-1 text-xs text-slate-600">
        Eficácia = (1 − média do tratamento ÷ média da testemunha) × 100. Letras do teste de Tukey a 5% sobre a eficácia de cada parcela;
        eficácias seguidas da mesma letra não diferem entre si.
      </p>
    </div>
  );
}

const CORES = ['#1e452a', '#2f7d4a', '#c2410c', '#1d4ed8', '#7c3aed', '#b45309', '#0f766e', '#be123c', '#4d7c0f', '#475569'];
const dia = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const dataCurta = (iso: string) => iso.split('-').reverse().slice(0, 2).join('/');

/** The mean of each treatment on each rating date, as lines over the days between dates, and as a table. */
export function ProgressCurve({ a }: { a: AnalysisResponse }) {
  const curva = a.curva;
  if (!curva?.length) return null;
  const datas = a.variavel?.datas ?? curva[0]?.pontos.map((p) => p.data) ?? [];
  const W = 560;
  const H = 260;
  const pad = { l: 40, r: 28, t: 12, b: 36 };
  const x0 = dia(datas[0] ?? '');
  const span = Math.max(1, dia(datas.at(-1) ?? '') - x0);
  const max = Math.max(1, ...curva.flatMap((c) => c.pontos.map((p) => p.media ?? 0))) * 1.1;
  const x = (d: string) => pad.l + ((dia(d) - x0) / span) * (W - pad.l - pad.r);
  const y = (v: number) => H - pad.b - (v / max) * (H - pad.t - pad.b);
  const unidade = a.variavel?.unidade.replace(/ × dias$/, '') ?? '';
  return (
    <div className="min-w-0 space-y-2">
      <div className="max-w-2xl">
        {/* At least 30rem wide: on a phone the chart scrolls sideways rather than shrink its labels to nothing. */}
        <ScrollX>
          <svg
            viewBox={`0 0 ${W} ${H}`}
            className="h-auto w-full min-w-[30rem]"
            role="img"
            aria-label="Curva de progresso: média de cada tratamento por data"
          >
            <GridLinesY values={[0, max / 2, max]} x1={pad.l} x2={W - pad.r} y={y} />
            {datas.map((d) => (
              <text key={d} x={x(d)} y={H - pad.b + 18} textAnchor="middle" fontSize={12} fill="#334155">
                {dataCurta(d)}
              </text>
            ))}
            {curva.map((c, i) => {
              const pts = c.pontos.filter((p): p is { data: string; media: number } => p.media !== null);
              const cor = CORES[i % CORES.length];
              return (
                <g key={c.nome}>
                  <polyline points={pts.map((p) => `${x(p.data)},${y(p.media)}`).join(' ')} fill="none" stroke={cor} strokeWidth={2.5} />
                  {pts.map((p) => (
                    <circle key={p.data} cx={x(p.data)} cy={y(p.media)} r={3.5} fill={cor} />
                  ))}
                </g>
              );
            })}
          </svg>
        </ScrollX>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Legenda">
          {curva.map((c, i) => (
            <li key={c.nome} className="flex items-center gap-1.5">
              <span className="inline-block h-2.5 w-4 rounded-sm" style={{ background: CORES[i % CORES.length] }} aria-hidden="true" />
              {c.nome}
            </li>
          ))}
        </ul>
      </div>
      <ReportTable
        caption={`Curva de progresso: médias por data${unidade ? ` (${unidade})` : ''}`}
        columns={[
          { header: 'Tratamento', cell: (c) => c.nome },
          ...datas.map((d, j) => ({
            header: dataCurta(d),
            key: d,
            kind: 'number' as const,
            cell: (c: (typeof curva)[number]) => n(c.pontos[j]?.media ?? null, 1),
          })),
        ]}
        rows={curva}
        rowKey={(c) => c.nome}
      />
    </div>
  );
}

/** Which plots had no value and which blocks were left out for them. */
export function missingPlotsNote(a: AnalysisResponse): string | null {
  const p = a.parcelas;
  if (!p?.faltantes.length) return null;
  const quais = p.faltantes.map((f) => `${f.tratamento} (bloco ${f.bloco})`).join(', ');
  const blocos = p.blocosRemovidos.length
    ? ` A análise usa só os blocos completos: ${p.blocosRemovidos.length === 1 ? 'o bloco' : 'os blocos'} ${p.blocosRemovidos.join(', ')} ${p.blocosRemovidos.length === 1 ? 'ficou' : 'ficaram'} de fora.`
    : '';
  return `Parcelas sem valor: ${quais}.${blocos}`;
}
