/**
 * Plot labels with a QR code, for a Pimaco 6180 sheet (Carta/Letter, 3 columns × 10 rows of
 * 66,7 × 25,4 mm): on paper each sheet is exactly that (styles.css, `.fk-etiquetas`); on screen the
 * labels wrap to the width. The QR holds `GA:<experimento>:<parcela>`, short enough for a small code
 * that a phone reads from a stake.
 */
import type { ParcelaCroqui } from '../../../../shared/field-plan.js';
import { ordemDeCaminhada } from '../../../../shared/croqui.js';
import { codigoTratamento } from '../plan.js';
import { QrCode } from './qr-code.js';

export const ETIQUETA_FOLHA = 'Pimaco 6180 (Carta, 3 × 10 etiquetas de 66,7 × 25,4 mm)';
export const ETIQUETAS_POR_FOLHA = 30;

export const textoQr = (experimentId: number, numero: number) => `GA:${experimentId}:${numero}`;

export function PlotLabels({
  experimentId,
  parcelas,
  tratamentos,
  cultura,
}: {
  experimentId: number;
  parcelas: readonly ParcelaCroqui[];
  tratamentos: { nome: string }[];
  cultura: string;
}) {
  const ordem = ordemDeCaminhada(parcelas);
  const folhas: ParcelaCroqui[][] = [];
  for (let i = 0; i < ordem.length; i += ETIQUETAS_POR_FOLHA) folhas.push(ordem.slice(i, i + ETIQUETAS_POR_FOLHA));
  return (
    <div className="fk-etiquetas space-y-6">
      {folhas.map((folha, i) => (
        <ul
          key={i}
          className="fk-label-sheet grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
          aria-label={`Folha de etiquetas ${i + 1} de ${folhas.length}`}
        >
          {folha.map((p) => (
            <li
              key={p.numero}
              data-testid="etiqueta"
              className="fk-label flex items-center gap-3 overflow-hidden rounded-lg border border-soil-200 bg-white p-2"
            >
              <QrCode text={textoQr(experimentId, p.numero)} className="fk-label-qr h-20 w-20 shrink-0" />
              <div className="min-w-0 leading-tight">
                <p className="fk-label-title text-lg font-bold text-slate-900">Parcela {p.numero}</p>
                <p className="text-sm font-semibold text-brand-800">
                  {codigoTratamento(p.tratamento)} · Bloco {p.bloco}
                </p>
                <p className="truncate text-xs text-slate-600" title={tratamentos[p.tratamento]?.nome}>
                  Exp. {experimentId}
                  {cultura ? ` · ${cultura}` : ''}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
}
