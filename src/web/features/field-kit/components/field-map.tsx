/**
 * The croqui drawn to scale: one SVG per printed page (≤ 60 plots, whole blocks where possible),
 * in metres (its viewBox), blocks as rows, each plot a rectangle with its number and treatment
 * code; a scale bar under it and the legend of treatments. On a phone it scrolls sideways; on
 * paper each page fills the A4 width.
 */
import type { Croqui, DimensoesParcela, ParcelaCroqui } from '../../../../shared/field-plan.js';
import { formatNumber } from '../../../../shared/format.js';
import { ScrollX } from '../../../components/ui/scroll-x.js';
import { codigoTratamento, comprimentoEscala, paginarPorBlocos } from '../plan.js';
import { corTratamento } from './colors.js';

/** Screen pixels per metre: a plot at least 64 px wide and 44 px long, so its number reads. */
const pxPorMetro = (d: DimensoesParcela) => Math.max(64 / d.largura_m, 44 / d.comprimento_m, 6);

function blocosDe(parcelas: readonly ParcelaCroqui[]): string {
  const blocos = [...new Set(parcelas.map((p) => p.bloco))].sort((a, b) => a - b);
  if (blocos.length === 1) return `Bloco ${blocos[0]}`;
  return `Blocos ${blocos[0]}–${blocos.at(-1)}`;
}

function MapaFolha({
  parcelas,
  dimensoes,
  tratamentos,
  rotulo,
}: {
  parcelas: ParcelaCroqui[];
  dimensoes: DimensoesParcela;
  tratamentos: { nome: string }[];
  rotulo: string;
}) {
  const L = dimensoes.largura_m;
  const C = dimensoes.comprimento_m;
  const u = Math.min(L, C);
  const linha0 = Math.min(...parcelas.map((p) => p.linha));
  const coluna0 = Math.min(...parcelas.map((p) => p.coluna));
  const colunas = Math.max(...parcelas.map((p) => p.coluna)) - coluna0 + 1;
  const linhas = Math.max(...parcelas.map((p) => p.linha)) - linha0 + 1;
  const gutter = u * 0.9;
  const largura = colunas * L;
  const altura = linhas * C;
  const escala = comprimentoEscala(largura);
  const rodape = u * 0.9;
  const vbW = gutter + largura + u * 0.1;
  const vbH = altura + rodape;
  const px = pxPorMetro(dimensoes);
  const blocoPorLinha = new Map(parcelas.map((p) => [p.linha, p.bloco]));
  const stroke = u * 0.025;
  return (
    <svg
      viewBox={`${-gutter} 0 ${vbW} ${vbH}`}
      width={Math.round(vbW * px)}
      height={Math.round(vbH * px)}
      role="img"
      aria-label={rotulo}
      className="fk-map-svg block"
      style={{ printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' }}
    >
      {[...blocoPorLinha].map(([linha, bloco]) => (
        <text
          key={linha}
          x={-gutter / 2}
          y={(linha - linha0 + 0.5) * C}
          fontSize={u * 0.24}
          textAnchor="middle"
          dominantBaseline="middle"
          fill="#5c5243"
          fontWeight={600}
        >
          B{bloco}
        </text>
      ))}
      {parcelas.map((p) => {
        const x = (p.coluna - coluna0) * L;
        const y = (p.linha - linha0) * C;
        const nome = tratamentos[p.tratamento]?.nome ?? '';
        return (
          <g key={p.numero} data-testid="parcela-mapa">
            <title>{`Parcela ${p.numero} · ${codigoTratamento(p.tratamento)} ${nome} · Bloco ${p.bloco}`}</title>
            <rect x={x} y={y} width={L} height={C} fill={corTratamento(p.tratamento)} stroke="#255733" strokeWidth={stroke} />
            <text x={x + L / 2} y={y + C / 2 - u * 0.06} fontSize={u * 0.28} textAnchor="middle" fontWeight={700} fill="#173522">
              {p.numero}
            </text>
            <text x={x + L / 2} y={y + C / 2 + u * 0.26} fontSize={u * 0.22} textAnchor="middle" fill="#1e452a">
              {codigoTratamento(p.tratamento)}
            </text>
          </g>
        );
      })}
      {/* Blocks are separated by a heavier line. */}
      {[...blocoPorLinha.keys()].slice(1).map((linha) => (
        <line
          key={linha}
          x1={0}
          x2={largura}
          y1={(linha - linha0) * C}
          y2={(linha - linha0) * C}
          stroke="#173522"
          strokeWidth={stroke * 3}
        />
      ))}
      <g aria-hidden="true">
        <line x1={0} x2={escala} y1={altura + rodape * 0.4} y2={altura + rodape * 0.4} stroke="#0f172a" strokeWidth={stroke * 2} />
        <line x1={0} x2={0} y1={altura + rodape * 0.25} y2={altura + rodape * 0.55} stroke="#0f172a" strokeWidth={stroke * 2} />
        <line x1={escala} x2={escala} y1={altura + rodape * 0.25} y2={altura + rodape * 0.55} stroke="#0f172a" strokeWidth={stroke * 2} />
        <text x={escala + u * 0.1} y={altura + rodape * 0.48} fontSize={u * 0.2} fill="#0f172a">
          {`${formatNumber(escala, 1)} m`}
        </text>
      </g>
    </svg>
  );
}

export function FieldMap({
  croqui,
  dimensoes,
  tratamentos,
  titulo,
}: {
  croqui: Croqui;
  dimensoes: DimensoesParcela;
  tratamentos: { nome: string }[];
  titulo: string;
}) {
  const folhas = paginarPorBlocos(croqui.parcelas);
  const usados = [...new Set(croqui.parcelas.map((p) => p.tratamento))].sort((a, b) => a - b);
  return (
    <div className="space-y-6">
      {folhas.map((parcelas, i) => {
        const rotulo = `Mapa do croqui${folhas.length > 1 ? `, folha ${i + 1} de ${folhas.length}` : ''}: ${blocosDe(parcelas)}, ${parcelas.length} parcelas`;
        return (
          <section key={i} className="fk-print-page space-y-3" aria-label={rotulo}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="text-sm font-semibold text-slate-900">
                <span className="hidden print:inline">{titulo} · </span>
                {folhas.length > 1 ? `Folha ${i + 1} de ${folhas.length} · ` : ''}
                {blocosDe(parcelas)}
              </h3>
              <p className="text-xs text-slate-600">
                Parcela de {formatNumber(dimensoes.comprimento_m, 2)} m × {formatNumber(dimensoes.largura_m, 2)} m · desenhado em escala
              </p>
            </div>
            <ScrollX className="fk-map-scroll rounded-lg border border-soil-200 bg-white p-3">
              <MapaFolha parcelas={parcelas} dimensoes={dimensoes} tratamentos={tratamentos} rotulo={rotulo} />
            </ScrollX>
            <Legenda usados={usados} tratamentos={tratamentos} />
          </section>
        );
      })}
    </div>
  );
}

function Legenda({ usados, tratamentos }: { usados: number[]; tratamentos: { nome: string }[] }) {
  return (
    <ul
      aria-label="Legenda dos tratamentos"
      className="grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2 lg:grid-cols-3 print:grid-cols-2 print:text-xs"
    >
      {usados.map((t) => (
        <li key={t} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block h-4 w-4 shrink-0 rounded border border-brand-700"
            style={{ backgroundColor: corTratamento(t), printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' }}
          />
          <span className="font-semibold text-slate-900">{codigoTratamento(t)}</span>
          <span className="text-slate-700">{tratamentos[t]?.nome ?? ''}</span>
        </li>
      ))}
    </ul>
  );
}
