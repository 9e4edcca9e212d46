/**
 * The spray-mix sheet of one application: for each treatment sprayed, its plots, their area, the
 * spray volume and what to weigh or measure of each product; where there is no amount, why.
 */
import { useState } from 'react';
import type { Calda, ItemCalda } from '../../../../shared/field-plan.js';
import { formatNumber } from '../../../../shared/format.js';
import { QueryState } from '../../../components/query-state.js';
import { Alert } from '../../../components/ui/alert.js';
import { Card } from '../../../components/ui/card.js';
import { Select } from '../../../components/ui/field.js';
import { useCalda } from '../api/queries.js';
import { formatIsoDate } from '../../../../shared/format.js';
import { codigoTratamento } from '../plan.js';
import type { AplicacaoCampo } from '../types.js';

function rotuloAplicacao(a: AplicacaoCampo): string {
  return [a.chave, formatIsoDate(a.data), a.estadio].filter(Boolean).join(' · ');
}

const litros = (v: number | null) => (v === null ? '—' : `${formatNumber(v, 3)} L`);

function Quantidade({ item }: { item: ItemCalda }) {
  if (item.quantidade === null) return <span className="text-sm italic text-amber-900">{item.motivo ?? 'Sem quantidade'}</span>;
  return (
    <span className="text-base font-semibold tabular-nums text-slate-900">
      {formatNumber(item.quantidade, 3)} {item.unidade_quantidade}
    </span>
  );
}

export function CaldaSheet({ calda, tratamentos }: { calda: Calda; tratamentos: { nome: string }[] }) {
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 sm:grid-cols-3">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-brand-800">Área da parcela</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">{formatNumber(calda.area_parcela_m2, 2)} m²</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-brand-800">Tratamentos</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">{calda.tratamentos.length}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-brand-800">Calda total</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid="calda-total">
            {calda.volume_calda_l === null ? 'Volume de calda não informado' : litros(calda.volume_calda_l)}
          </dd>
        </div>
      </dl>
      <ul className="grid gap-4 lg:grid-cols-2 print:grid-cols-1" aria-label="Calda por tratamento">
        {calda.tratamentos.map((t) => {
          const itens = calda.itens.filter((i) => i.tratamento === t.tratamento);
          const nome = tratamentos[t.tratamento]?.nome ?? '';
          return (
            <li key={t.tratamento} className="break-inside-avoid">
              <Card className="h-full">
                <div className="border-b border-soil-100 px-4 py-3">
                  <h3 className="font-semibold text-slate-900">
                    {codigoTratamento(t.tratamento)} · {nome}
                  </h3>
                  <p className="mt-1 text-sm text-slate-700">
                    Parcelas {t.parcelas.length ? t.parcelas.join(', ') : '—'} · {formatNumber(t.area_m2, 2)} m² · calda{' '}
                    {litros(t.volume_calda_l)}
                  </p>
                </div>
                {itens.length === 0 ? (
                  <p className="px-4 py-3 text-sm text-slate-600">Nenhum produto a pesar ou medir neste tratamento.</p>
                ) : (
                  <table className="w-full table-fixed text-sm" aria-label={`Produtos de ${codigoTratamento(t.tratamento)}`}>
                    <thead>
                      <tr className="text-left text-xs uppercase tracking-wide text-slate-600">
                        <th scope="col" className="w-[38%] px-4 py-2">
                          Produto
                        </th>
                        <th scope="col" className="w-[27%] px-2 py-2">
                          Dose
                        </th>
                        <th scope="col" className="px-4 py-2 text-right">
                          Quantidade
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-soil-100">
                      {itens.map((item, k) => (
                        <tr key={k}>
                          <th scope="row" className="px-4 py-2 text-left font-medium text-slate-900">
                            {item.produto}
                          </th>
                          <td className="px-2 py-2 text-slate-700">
                            {item.dose === null ? '—' : `${formatNumber(item.dose, 3)} ${item.unidade}`}
                          </td>
                          <td className="px-4 py-2 text-right">
                            <Quantidade item={item} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function CaldaView({
  experimentId,
  aplicacoes,
  tratamentos,
  titulo,
}: {
  experimentId: number;
  aplicacoes: readonly AplicacaoCampo[];
  tratamentos: { nome: string }[];
  titulo: string;
}) {
  const [chave, setChave] = useState(aplicacoes[0]?.chave ?? '');
  const calda = useCalda(experimentId, chave);
  if (aplicacoes.length === 0) {
    return (
      <Alert tone="info" title="Nenhuma aplicação registrada">
        Registre as aplicações do experimento (data, estádio, volume de calda) para calcular a calda de cada uma.
      </Alert>
    );
  }
  const aplicacao = aplicacoes.find((a) => a.chave === chave);
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_1fr] sm:items-end print:hidden">
        <Select label="Aplicação" name="aplicacao" value={chave} onChange={(e) => setChave(e.target.value)}>
          {aplicacoes.map((a) => (
            <option key={a.chave} value={a.chave}>
              {rotuloAplicacao(a)}
            </option>
          ))}
        </Select>
        {aplicacao ? (
          <p className="text-sm text-slate-600 sm:pb-2.5">
            {aplicacao.volume_calda_l_ha === null
              ? 'Volume de calda não informado'
              : `${formatNumber(aplicacao.volume_calda_l_ha, 1)} L/ha`}
            {aplicacao.equipamento ? ` · ${aplicacao.equipamento}` : ''}
          </p>
        ) : null}
      </div>
      <p className="hidden text-xs text-slate-600 print:block">{titulo}</p>
      <h3 className="hidden text-base font-semibold print:block">Calda da aplicação {aplicacao ? rotuloAplicacao(aplicacao) : chave}</h3>
      <QueryState query={calda} errorText="Erro ao calcular a calda">
        {(data) => <CaldaSheet calda={data} tratamentos={tratamentos} />}
      </QueryState>
    </div>
  );
}
