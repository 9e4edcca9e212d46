/**
 * An experiment's assessments where its data is read (the details modal, the printed report): what
 * each one rates (date, stage, target, type) and each treatment's mean of its rated plots.
 */
import { TIPO_AVALIACAO_LABEL, mediaParcelas, rotuloAvaliacao } from '../../shared/assessments.js';
import type { Experiment } from '../../shared/experiment.js';
import { formatNumber } from '../../shared/format.js';
import { ScrollX } from './ui/scroll-x.js';

const TH = 'whitespace-nowrap border-b border-soil-200 bg-soil-50 px-3 py-2 text-xs font-semibold text-slate-700';
const TD = 'whitespace-nowrap px-3 py-1.5 text-right tabular-nums text-slate-900';
const FIRST = 'sticky left-0 z-10 min-w-[8rem] max-w-[14rem] bg-white px-3 py-1.5 text-left font-medium text-slate-900';

export function AssessmentMeans({ experiment: e }: { experiment: Pick<Experiment, 'avaliacoes' | 'tratamentos'> }) {
  if (!e.avaliacoes.length) return null;
  return (
    <div className="space-y-3">
      <ul className="space-y-1 text-sm text-slate-800">
        {e.avaliacoes.map((a) => (
          <li key={a.chave}>
            <strong className="text-slate-900">{rotuloAvaliacao(a)}</strong>
            <span className="text-slate-600">
              {' · '}
              {TIPO_AVALIACAO_LABEL[a.tipo]}
              {a.tipo === 'nota' ? ` ${a.escala_min}–${a.escala_max}` : ''}
              {a.alvo ? ` · alvo: ${a.alvo}` : ''}
            </span>
          </li>
        ))}
      </ul>
      <ScrollX className="report-scroll rounded-lg border border-soil-200">
        <table className="report-table min-w-full border-collapse text-sm">
          <caption className="border-b border-soil-200 px-3 py-2 text-left text-sm font-semibold text-slate-800">
            Avaliações: média das parcelas de cada tratamento
          </caption>
          <thead>
            <tr>
              <th scope="col" className={`${TH} sticky left-0 z-10 text-left`}>
                Tratamento
              </th>
              {e.avaliacoes.map((a) => (
                <th key={a.chave} scope="col" className={`${TH} text-right`}>
                  {a.nome}
                  {a.unidade ? ` (${a.unidade})` : ''}
                  {a.data ? <span className="block font-normal">{a.data.split('-').reverse().join('/')}</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {e.tratamentos.map((t, i) => (
              <tr key={i} className="border-b border-soil-100 last:border-b-0">
                <th scope="row" className={FIRST}>
                  T{i + 1} - {t.nome}
                </th>
                {e.avaliacoes.map((a) => {
                  const { media } = mediaParcelas(t.observacoes?.[a.chave]);
                  return (
                    <td key={a.chave} className={TD}>
                      {media === null ? '-' : formatNumber(media, 2)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
    </div>
  );
}
