/**
 * A trial's applications (`experiment.aplicacoes`) where its data is read (the printed report, the
 * details modal): date, stage, spray volume, equipment, weather and the treatments sprayed.
 */
import type { Experiment } from '../../shared/experiment.js';
import { formatNumber, formatIsoDate } from '../../shared/format.js';
import { ReportTable } from './ui/report-table.js';

const dash = '—';

type Aplicacao = Experiment['aplicacoes'][number];

/** "28 °C · 65 % UR · vento 8 km/h": what was measured, or a dash. */
export function condicoes(a: Pick<Aplicacao, 'temperatura_c' | 'umidade_pct' | 'vento_km_h'>): string {
  const has = (v: number | null | undefined): v is number => v !== null && v !== undefined;
  const parts = [
    has(a.temperatura_c) ? `${formatNumber(a.temperatura_c, 1)} °C` : '',
    has(a.umidade_pct) ? `${formatNumber(a.umidade_pct, 0)} % UR` : '',
    has(a.vento_km_h) ? `vento ${formatNumber(a.vento_km_h, 1)} km/h` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : dash;
}

/** "Todos" (an empty list: every treatment), else "T2, T3" (indices are 0-based). */
export function tratamentosAplicados(indices: readonly number[]): string {
  return indices.length ? indices.map((i) => `T${i + 1}`).join(', ') : 'Todos';
}

export function ApplicationsTable({ experiment: e }: { experiment: Pick<Experiment, 'aplicacoes'> }) {
  if (!e.aplicacoes?.length) return null;
  return (
    <ReportTable
      caption="Aplicações"
      columns={[
        { header: 'Data', cell: (a: Aplicacao) => formatIsoDate(a.data) },
        { header: 'Estádio', cell: (a: Aplicacao) => a.estadio || dash },
        {
          header: 'Volume de calda (L/ha)',
          kind: 'number',
          cell: (a: Aplicacao) =>
            a.volume_calda_l_ha === null || a.volume_calda_l_ha === undefined ? dash : formatNumber(a.volume_calda_l_ha, 1),
        },
        { header: 'Equipamento', cell: (a: Aplicacao) => a.equipamento || dash },
        { header: 'Condições (temp./umidade/vento)', cell: (a: Aplicacao) => condicoes(a) },
        { header: 'Tratamentos', cell: (a: Aplicacao) => tratamentosAplicados(a.tratamentos) },
      ]}
      rows={e.aplicacoes}
      rowKey={(a) => a.chave}
    />
  );
}
