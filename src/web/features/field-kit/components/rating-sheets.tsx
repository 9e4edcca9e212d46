/**
 * One printable rating sheet per assessment: its name, date, stage, DAA and unit or scale above a
 * table in walking order (plot numbers ascending) with an empty cell to write the value in.
 */
import type { ParcelaCroqui } from '../../../../shared/field-plan.js';
import { formatNumber } from '../../../../shared/format.js';
import { Alert } from '../../../components/ui/alert.js';
import { ordemDeCaminhada } from '../../../../shared/croqui.js';
import { formatIsoDate } from '../../../../shared/format.js';
import { codigoTratamento } from '../plan.js';
import type { AvaliacaoCampo } from '../types.js';

function unidadeOuEscala(a: AvaliacaoCampo): string {
  if (a.tipo === 'nota' && a.escala_min !== null && a.escala_max !== null) {
    return `Nota de ${formatNumber(a.escala_min, 2)} a ${formatNumber(a.escala_max, 2)}`;
  }
  return a.unidade ? a.unidade : '—';
}

function Dado({ termo, valor }: { termo: string; valor: string }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{termo}</dt>
      <dd className="text-sm font-semibold text-slate-900">{valor || '—'}</dd>
    </div>
  );
}

export function RatingSheets({
  avaliacoes,
  parcelas,
  titulo,
}: {
  avaliacoes: readonly AvaliacaoCampo[];
  parcelas: readonly ParcelaCroqui[];
  titulo: string;
}) {
  if (avaliacoes.length === 0) {
    return (
      <Alert tone="info" title="Nenhuma avaliação declarada">
        Declare as avaliações do experimento (nome, data, unidade) para gerar as fichas de campo.
      </Alert>
    );
  }
  const ordem = ordemDeCaminhada(parcelas);
  return (
    <div className="space-y-8">
      {avaliacoes.map((a) => {
        const dias = a.daa;
        return (
          <section key={a.chave} className="fk-print-page space-y-3" aria-labelledby={`ficha-${a.chave}`}>
            <header className="space-y-2">
              <p className="hidden text-xs text-slate-600 print:block">{titulo}</p>
              <h3 id={`ficha-${a.chave}`} className="text-lg font-semibold text-slate-900">
                Ficha de avaliação: {a.nome}
              </h3>
              <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-5">
                <Dado termo="Data" valor={formatIsoDate(a.data)} />
                <Dado termo="Estádio" valor={a.estadio ?? ''} />
                <Dado termo="DAA" valor={dias === null ? '' : `${dias} dias`} />
                <Dado termo="Unidade" valor={unidadeOuEscala(a)} />
                <Dado termo="Avaliador" valor="" />
              </dl>
            </header>
            <table className="fk-sheet w-full border-collapse text-sm" aria-label={`Ficha ${a.nome}`}>
              <thead>
                <tr className="border-b-2 border-brand-700 text-left text-xs uppercase tracking-wide text-slate-700">
                  <th scope="col" className="px-2 py-2">
                    Parcela
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Bloco
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Tratamento
                  </th>
                  <th scope="col" className="w-2/5 px-2 py-2">
                    Valor{a.unidade ? ` (${a.unidade})` : ''}
                  </th>
                </tr>
              </thead>
              <tbody>
                {ordem.map((p) => (
                  <tr key={p.numero} className="border-b border-soil-200">
                    <th scope="row" className="px-2 py-2.5 text-left font-semibold tabular-nums text-slate-900">
                      {p.numero}
                    </th>
                    <td className="px-2 py-2.5 tabular-nums text-slate-700">{p.bloco}</td>
                    <td className="px-2 py-2.5 text-slate-700">{codigoTratamento(p.tratamento)}</td>
                    <td className="px-2 py-2.5" aria-label={`Valor da parcela ${p.numero}`}>
                      <span className="block h-5 border-b border-dotted border-slate-400 print:hidden" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}
