/**
 * An experiment's assessments where its data is read (the details modal, the printed report): what
 * each one rates (date, stage, target, type) and each treatment's mean of its rated plots.
 */
import { TIPO_AVALIACAO_LABEL, mediaParcelas, rotuloAvaliacao } from '../../shared/assessments.js';
import type { Experiment } from '../../shared/experiment.js';
import { formatNumber, formatIsoDate } from '../../shared/format.js';
import { ReportTable } from './ui/report-table.js';

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
      <ReportTable
        caption="Avaliações: média das parcelas de cada tratamento"
        columns={[
          { header: 'Tratamento', cell: (_t, i) => `T${i + 1} - ${e.tratamentos[i]?.nome ?? ''}` },
          ...e.avaliacoes.map((a) => ({
            key: a.chave,
            kind: 'number' as const,
            header: (
              <>
                {a.nome}
                {a.unidade ? ` (${a.unidade})` : ''}
                {a.data || a.daa !== null ? (
                  <span className="block font-normal normal-case">
                    {[formatIsoDate(a.data), a.daa !== null ? `${a.daa} DAA` : ''].filter(Boolean).join(' · ')}
                  </span>
                ) : null}
              </>
            ),
            cell: (t: (typeof e.tratamentos)[number]) => {
              const { media } = mediaParcelas(t.observacoes?.[a.chave]);
              return media === null ? '-' : formatNumber(media, 2);
            },
          })),
        ]}
        rows={e.tratamentos}
        rowKey={(_t, i) => String(i)}
      />
    </div>
  );
}
