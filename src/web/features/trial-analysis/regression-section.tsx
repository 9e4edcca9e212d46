/**
 * The report's dose–response section: the fitted equation with R², p and lack of fit,
 * the doses of maximum yield and of maximum economic efficiency, the polynomial terms' table, and
 * a chart of the means by dose with the fitted curve and both doses marked. Absent when no
 * treatment has a dose (`regressao` null).
 */
import { GridLinesY } from './chart-parts.js';
import { formatarDose, type RegressaoDose } from '../../../shared/stats/index.js';
import { formatBRL, formatNumber } from '../../../shared/format.js';
import { AnovaTable, n, p } from './report-table.js';
import { TextList } from '../../components/ui/text-list.js';

const MINUS = '\u2212';
const significativos = new Intl.NumberFormat('pt-BR', { maximumSignificantDigits: 5 });

/** A coefficient as printed in an equation: 5 significant figures, or one decimal from 1000 up. */
function coef(v: number): string {
  const a = Math.abs(v);
  return a >= 1000 ? formatNumber(a, 1) : significativos.format(a);
}

/** ŷ = b0 + b1·x − b2·x², in pt-BR numbers with true minus signs. */
export function equacao(b: readonly number[]): string {
  const [b0 = 0, ...resto] = b;
  const termos = resto.map((v, i) => `${v < 0 ? MINUS : '+'} ${coef(v)}·x${i === 1 ? '²' : ''}`);
  return `ŷ = ${b0 < 0 ? MINUS : ''}${coef(b0)} ${termos.join(' ')}`;
}

const r2 = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
/** "p = 0,0123" or "p < 0,0001". */
const pTexto = (v: number | null) => (v !== null && v < 0.0001 ? 'p < 0,0001' : `p = ${p(v)}`);
const dose = formatarDose;
const NOME_GRAU: Readonly<Record<number, string>> = { 1: 'Linear', 2: 'Quadrático', 3: 'Cúbico' };

/** Round tick values (1, 2 or 5 × 10^k apart) covering [lo, hi]. */
function marcasEixo(lo: number, hi: number): number[] {
  const bruto = (hi - lo) / 5 || 1;
  const ordem = 10 ** Math.floor(Math.log10(bruto));
  const passo = ([1, 2, 5, 10].find((f) => f * ordem >= bruto) ?? 10) * ordem;
  const out: number[] = [];
  for (let v = Math.ceil(lo / passo) * passo; v <= hi + 1e-9 * passo; v += passo) out.push(v);
  return out;
}

function Curva({ reg }: { reg: RegressaoDose }) {
  const W = 480;
  const H = 250;
  const pad = { l: 52, r: 12, t: 30, b: 36 };
  const pontos = reg.medias_por_dose;
  const xs = pontos.map((m) => m.dose);
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  const b = reg.coeficientes;
  const yhat = (x: number) => (b ? b.reduceRight((acc, c) => acc * x + c, 0) : 0);
  const curva = b ? Array.from({ length: 61 }, (_, i) => xMin + ((xMax - xMin) * i) / 60).map((x) => [x, yhat(x)] as const) : [];
  const ys = [...pontos.map((m) => m.media), ...curva.map(([, y]) => y)];
  const folga = (Math.max(...ys) - Math.min(...ys)) * 0.06 || Math.abs(ys[0] ?? 1) * 0.05 || 1;
  const yLo = Math.min(...ys) - folga;
  const yHi = Math.max(...ys) + folga;
  const px = (x: number) => pad.l + ((W - pad.l - pad.r) * (x - xMin)) / (xMax - xMin || 1);
  const py = (y: number) => H - pad.b - ((H - pad.t - pad.b) * (y - yLo)) / (yHi - yLo);
  const marcas = [
    ...(reg.dose_maxima !== null ? [{ x: reg.dose_maxima, rotulo: 'Máx.', cor: '#1e452a' }] : []),
    ...(reg.dose_economica !== null ? [{ x: reg.dose_economica, rotulo: 'Econ.', cor: '#b45309' }] : []),
  ];
  const partes = [
    `Médias de produtividade por dose (${pontos.map((m) => `${dose(m.dose)}: ${formatNumber(m.media, 0)} kg/ha`).join('; ')})`,
    b ? `curva ajustada ${equacao(b)}` : 'sem curva ajustada (nenhum efeito significativo)',
    ...(reg.dose_maxima !== null ? [`dose de máxima produtividade ${dose(reg.dose_maxima)}`] : []),
    ...(reg.dose_economica !== null ? [`dose de máxima eficiência econômica ${dose(reg.dose_economica)}`] : []),
  ];
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full break-inside-avoid" role="img" aria-label={partes.join('; ')}>
      <line x1={pad.l} y1={H - pad.b} x2={W - pad.r} y2={H - pad.b} stroke="#94a3b8" />
      <line x1={pad.l} y1={pad.t - 8} x2={pad.l} y2={H - pad.b} stroke="#94a3b8" />
      <GridLinesY values={marcasEixo(yLo, yHi)} x1={pad.l} x2={W - pad.r} y={py} />
      {xs.map((x) => (
        <text key={x} x={px(x)} y={H - pad.b + 16} textAnchor="middle" fontSize={12} fill="#475569">
          {dose(x)}
        </text>
      ))}
      <text x={(pad.l + W - pad.r) / 2} y={H - 4} textAnchor="middle" fontSize={12} fill="#334155">
        Dose
      </text>
      {marcas.map((m, i) => {
        const direita = px(m.x) > (pad.l + W - pad.r) / 2;
        return (
          <g key={m.rotulo}>
            <line x1={px(m.x)} y1={pad.t - 4 + 14 * i} x2={px(m.x)} y2={H - pad.b} stroke={m.cor} strokeDasharray="4 3" />
            <text
              x={px(m.x) + (direita ? -4 : 4)}
              y={pad.t - 10 + 14 * i}
              textAnchor={direita ? 'end' : 'start'}
              fontSize={12}
              fill={m.cor}
              fontWeight={600}
            >
              {m.rotulo} {dose(m.x)}
            </text>
          </g>
        );
      })}
      {curva.length ? (
        <polyline
          points={curva.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(' ')}
          fill="none"
          stroke="#2d6a3e"
          strokeWidth={2}
        />
      ) : null}
      {pontos.map((m) => (
        <circle key={m.dose} cx={px(m.dose)} cy={py(m.media)} r={4.5} fill="#5fae5a" stroke="#1e452a" />
      ))}
    </svg>
  );
}

export function RegressionSection({
  regressao: reg,
  residuo,
}: {
  regressao: RegressaoDose | null;
  residuo: { gl: number; sq: number; qm: number };
}) {
  if (!reg) return null;
  const modelo = reg.modelo === 'linear' ? 'linear' : 'quadrático';
  return (
    <section aria-labelledby="regressao-titulo" className="space-y-3">
      <h3 id="regressao-titulo" className="text-base font-semibold text-slate-900">
        Regressão dose–resposta
      </h3>
      {reg.coeficientes ? (
        <dl className="grid gap-x-6 gap-y-1 text-slate-800 sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">Modelo {modelo}</dt>
          <dd className="font-semibold tabular-nums">{equacao(reg.coeficientes)}</dd>
          <dt className="text-slate-600">R²</dt>
          <dd className="tabular-nums">
            {reg.r2 === null ? '-' : r2.format(reg.r2)} ({pTexto(reg.p)})
          </dd>
          <dt className="text-slate-600">Falta de ajuste</dt>
          <dd className="tabular-nums">
            {reg.falta_ajuste_p === null
              ? 'sem graus de liberdade (o modelo passa por todas as médias)'
              : `${pTexto(reg.falta_ajuste_p)} (${reg.falta_ajuste_p < 0.05 ? 'significativa' : 'não significativa'})`}
          </dd>
          <dt className="text-slate-600">Dose de máxima produtividade</dt>
          <dd className="tabular-nums">
            {reg.dose_maxima === null ? '-' : `${dose(reg.dose_maxima)} (ŷ = ${n(reg.produtividade_maxima, 1)} kg/ha)`}
          </dd>
          <dt className="text-slate-600">Dose de máxima eficiência econômica</dt>
          <dd className="tabular-nums">
            {reg.dose_economica === null
              ? '-'
              : `${dose(reg.dose_economica)} (ŷ = ${n(reg.produtividade_economica, 1)} kg/ha${
                  reg.margem_economica === null ? '' : `; margem sobre a dose 0: ${formatBRL(reg.margem_economica)}/ha`
                }${reg.preco_dose === null ? '' : `; produto a ${formatBRL(reg.preco_dose)} por unidade de dose`})`}
          </dd>
        </dl>
      ) : null}
      {reg.termos.length ? (
        <AnovaTable
          caption="Análise de variância da regressão"
          linhas={[
            ...reg.termos.map((t) => ({ ...t, fonte: NOME_GRAU[t.grau] ?? `Grau ${t.grau}` })),
            ...(reg.falta_ajuste ? [{ ...reg.falta_ajuste, fonte: `Falta de ajuste (${modelo})` }] : []),
            { fonte: 'Resíduo', gl: residuo.gl, sq: residuo.sq, qm: residuo.qm, f: null, p: null },
          ]}
        />
      ) : null}
      {reg.medias_por_dose.length >= 2 ? (
        <figure className="min-w-0 max-w-xl break-inside-avoid">
          <Curva reg={reg} />
          <figcaption className="mt-1 text-xs text-slate-600">
            Produtividade (kg/ha) por dose: pontos são as médias{reg.coeficientes ? ', a linha é a curva ajustada' : ''}
            {reg.dose_maxima !== null ? '; tracejado verde: dose de máxima produtividade' : ''}
            {reg.dose_economica !== null ? '; tracejado laranja: dose de máxima eficiência econômica' : ''}.
          </figcaption>
        </figure>
      ) : null}
      <TextList items={reg.avisos} className="space-y-1 text-xs text-slate-600" />
    </section>
  );
}
