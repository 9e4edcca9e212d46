/**
 * "Pressupostos da análise": Shapiro-Wilk, Bartlett and Levene with their p, the transformation the
 * data call for (and the button that applies it, or goes back to the original data), and the two
 * residual plots agronomists check: standardised residuals against fitted values, and the normal
 * Q–Q plot with qqline's reference line.
 */
import type { ReactNode } from 'react';
import type { AnalysisResponse } from '../../../shared/api-types.js';
import { formatNumber } from '../../../shared/format.js';
import { type Transformacao, nomeTransformacao } from '../../../shared/stats/index.js';
import { Button } from '../../components/ui/button.js';
import { ReportTable, n, p } from './report-table.js';

type Analise = Pick<AnalysisResponse, 'shapiroWilk' | 'bartlett' | 'levene' | 'transformacao' | 'diagnostico'>;

/** The button's words: "Aplicar transformação raiz quadrada". */
const NOME_BOTAO: Readonly<Record<Transformacao, string>> = {
  log: 'logarítmica',
  raiz: 'raiz quadrada',
  boxcox: 'Box-Cox',
  arcoseno: 'arco-seno',
};

const ALPHA = 0.05;

function Resultado({ p: valor }: { p: number | null }) {
  if (valor === null) return <span className="text-slate-600">Não calculado</span>;
  return valor < ALPHA ? (
    <span className="font-semibold text-red-700">Não atendido</span>
  ) : (
    <span className="text-brand-800">Atendido</span>
  );
}

// ---------------------------------------------------------------------------------------------
// Plots

const W = 320;
const H = 240;
const PAD = { l: 44, r: 10, t: 12, b: 40 };

/** About four round ticks across [min, max] (steps of 1, 2 or 5 × 10^k). */
function ticks(min: number, max: number): { valores: number[]; casas: number } {
  const span = max - min || Math.abs(max) || 1;
  const bruto = span / 4;
  const potencia = 10 ** Math.floor(Math.log10(bruto));
  const passo = ([1, 2, 5, 10].find((m) => m * potencia >= bruto) ?? 10) * potencia;
  const valores: number[] = [];
  for (let v = Math.ceil(min / passo) * passo; v <= max + passo * 1e-9; v += passo) valores.push(Math.abs(v) < passo * 1e-9 ? 0 : v);
  return { valores, casas: Math.max(0, -Math.floor(Math.log10(passo))) };
}

interface Eixos {
  x: [number, number];
  y: [number, number];
}

/** A scatter plot in a 320 × 240 box that scales to its card, its labels legible at 375 px. */
function Dispersao({
  rotulo,
  tituloX,
  tituloY,
  pontos,
  eixos,
  children,
}: {
  rotulo: string;
  tituloX: string;
  tituloY: string;
  pontos: { x: number; y: number; chave: string }[];
  eixos: Eixos;
  children?: (sx: (x: number) => number, sy: (y: number) => number) => ReactNode;
}) {
  const [x0, x1] = eixos.x;
  const [y0, y1] = eixos.y;
  const sx = (x: number) => PAD.l + ((x - x0) / (x1 - x0 || 1)) * (W - PAD.l - PAD.r);
  const sy = (y: number) => H - PAD.b - ((y - y0) / (y1 - y0 || 1)) * (H - PAD.t - PAD.b);
  const tx = ticks(x0, x1);
  const ty = ticks(y0, y1);
  return (
    <figure className="min-w-0">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full max-w-md" role="img" aria-label={rotulo}>
        <rect x={PAD.l} y={PAD.t} width={W - PAD.l - PAD.r} height={H - PAD.t - PAD.b} fill="#fafaf9" stroke="#e7e5e4" />
        {tx.valores.map((v) => (
          <text key={`x${v}`} x={sx(v)} y={H - PAD.b + 15} textAnchor="middle" fontSize={11} fill="#475569">
            {formatNumber(v, tx.casas)}
          </text>
        ))}
        {ty.valores.map((v) => (
          <text key={`y${v}`} x={PAD.l - 5} y={sy(v) + 4} textAnchor="end" fontSize={11} fill="#475569">
            {formatNumber(v, ty.casas)}
          </text>
        ))}
        <text x={(PAD.l + W - PAD.r) / 2} y={H - 6} textAnchor="middle" fontSize={12} fill="#334155">
          {tituloX}
        </text>
        <text transform={`translate(12 ${(PAD.t + H - PAD.b) / 2}) rotate(-90)`} textAnchor="middle" fontSize={12} fill="#334155">
          {tituloY}
        </text>
        {children?.(sx, sy)}
        {pontos.map((pt) => (
          <circle key={pt.chave} cx={sx(pt.x)} cy={sy(pt.y)} r={3.5} fill="#2d6a3e" fillOpacity={0.75} />
        ))}
      </svg>
    </figure>
  );
}

/** [min, max] with a margin, always including `incluir` (the zero line, the ±2 band). */
function faixa(valores: number[], incluir: number[] = []): [number, number] {
  const todos = [...valores, ...incluir];
  const min = Math.min(...todos);
  const max = Math.max(...todos);
  const margem = (max - min || Math.abs(max) || 1) * 0.06;
  return [min - margem, max + margem];
}

function Graficos({ diagnostico }: { diagnostico: Analise['diagnostico'] }) {
  const pontos = diagnostico.pontos;
  const chave = (pt: (typeof pontos)[number]) => `${pt.nome}|${pt.repeticao}`;
  const residuos = pontos.map((pt) => pt.residuoPadronizado);
  const yFaixa = faixa(residuos, [-2, 2]);
  const ajustados: Eixos = { x: faixa(pontos.map((pt) => pt.ajustado)), y: yFaixa };
  const qq: Eixos = { x: faixa(pontos.map((pt) => pt.quantilTeorico)), y: yFaixa };
  const { intercepto, inclinacao } = diagnostico.retaQQ;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Dispersao
        rotulo={`Gráfico de dispersão dos resíduos padronizados contra os valores ajustados, com a linha do zero e as faixas de ±2; ${pontos.length} parcelas`}
        tituloX="Valores ajustados"
        tituloY="Resíduos padronizados"
        eixos={ajustados}
        pontos={pontos.map((pt) => ({ x: pt.ajustado, y: pt.residuoPadronizado, chave: chave(pt) }))}
      >
        {(sx, sy) => (
          <g>
            {[-2, 2].map((v) => (
              <line key={v} x1={sx(ajustados.x[0])} x2={sx(ajustados.x[1])} y1={sy(v)} y2={sy(v)} stroke="#94a3b8" strokeDasharray="4 4" />
            ))}
            <line x1={sx(ajustados.x[0])} x2={sx(ajustados.x[1])} y1={sy(0)} y2={sy(0)} stroke="#b45309" strokeWidth={1.5} />
          </g>
        )}
      </Dispersao>
      <Dispersao
        rotulo={`Gráfico Q–Q normal: resíduos padronizados contra os quantis teóricos da normal, com a reta de referência pelos quartis; ${pontos.length} parcelas`}
        tituloX="Quantis teóricos (normal)"
        tituloY="Resíduos padronizados"
        eixos={qq}
        pontos={pontos.map((pt) => ({ x: pt.quantilTeorico, y: pt.residuoPadronizado, chave: chave(pt) }))}
      >
        {(sx, sy) => {
          // qqline, clipped to the plot's box.
          const [a, b] = qq.x;
          const [c, d] = qq.y;
          const yA = intercepto + inclinacao * a;
          const yB = intercepto + inclinacao * b;
          const clip = (v: number) => Math.min(d, Math.max(c, v));
          const xDe = (y: number) => (inclinacao === 0 ? a : (y - intercepto) / inclinacao);
          return (
            <line
              x1={sx(xDe(clip(yA)))}
              y1={sy(clip(yA))}
              x2={sx(xDe(clip(yB)))}
              y2={sy(clip(yB))}
              stroke="#b45309"
              strokeWidth={1.5}
              data-testid="reta-qq"
            />
          );
        }}
      </Dispersao>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------

export function PressupostosSection({
  analise,
  onTransformar,
  carregando = false,
}: {
  analise: Analise;
  /** Asks for the analysis on transformed data (null: back to the original data). */
  onTransformar: (transformacao: Transformacao | null) => void;
  carregando?: boolean;
}) {
  const { shapiroWilk, bartlett, levene, transformacao, diagnostico } = analise;
  const aplicada = transformacao.aplicada;
  // p and the verdict first: on a phone they are what fits beside the test's name.
  const linhas = [
    { teste: 'Shapiro-Wilk', hipotese: 'normalidade dos resíduos', p: shapiroWilk.p, estatistica: `W = ${n(shapiroWilk.w, 4)}` },
    {
      teste: 'Bartlett',
      hipotese: 'homogeneidade das variâncias',
      p: bartlett.p,
      estatistica: bartlett.estatistica === null ? '-' : `K² = ${n(bartlett.estatistica, 3)}`,
    },
    {
      teste: 'Levene (Brown-Forsythe)',
      hipotese: 'homogeneidade das variâncias',
      p: levene?.p ?? null,
      estatistica: levene ? `F(${levene.gl1}; ${levene.gl2}) = ${n(levene.f, 3)}` : '-',
    },
  ];
  const sugerida = transformacao.sugerida;
  return (
    <section aria-labelledby="pressupostos-titulo" className="space-y-3">
      <h3 id="pressupostos-titulo" className="text-base font-semibold text-slate-900">
        Pressupostos da análise
      </h3>
      {aplicada ? (
        <div className="flex flex-col items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-slate-800 sm:flex-row sm:items-center sm:gap-3">
          <p className="min-w-0 flex-1">
            Dados transformados: <strong>{nomeTransformacao(aplicada, transformacao.lambdaArredondado)}</strong>. A análise de variância, os
            testes, as letras e as DMS estão na escala transformada; médias, ganhos e CV estão em kg/ha.
          </p>
          <Button variant="secondary" size="sm" className="print:hidden" disabled={carregando} onClick={() => onTransformar(null)}>
            Voltar aos dados originais
          </Button>
        </div>
      ) : null}
      <ReportTable
        caption={aplicada ? 'Testes dos pressupostos (dados transformados)' : 'Testes dos pressupostos'}
        columns={[
          {
            header: 'Teste',
            cell: (l) => (
              <>
                {l.teste}
                <span className="block text-xs font-normal text-slate-600">{l.hipotese}</span>
              </>
            ),
          },
          { header: 'p', kind: 'number', cell: (l) => p(l.p) },
          { header: 'A 5%', cell: (l) => <Resultado p={l.p} /> },
          { header: 'Estatística', kind: 'number', cell: (l) => l.estatistica },
        ]}
        rows={linhas}
        rowKey={(l) => l.teste}
      />
      <div className="space-y-2 text-slate-800">
        <p>
          {aplicada ? 'Nos dados originais: ' : null}
          {transformacao.motivo}
          {transformacao.lambda !== null && !transformacao.motivo.includes('λ') ? (
            <> λ de Box-Cox estimado: {formatNumber(transformacao.lambda, 2).replace('-', '−')}.</>
          ) : null}
        </p>
        {sugerida && !aplicada ? (
          <Button className="print:hidden" disabled={carregando} onClick={() => onTransformar(sugerida)}>
            Aplicar transformação {NOME_BOTAO[sugerida]}
          </Button>
        ) : null}
      </div>
      <Graficos diagnostico={diagnostico} />
      <p className="text-xs text-slate-600">
        Resíduos padronizados pela raiz do quadrado médio do resíduo. Sem padrão em torno do zero (primeiro gráfico) e com os pontos perto
        da reta (segundo), os pressupostos de homogeneidade e normalidade são plausíveis; pontos além de ±2 merecem conferência.
      </p>
    </section>
  );
}
