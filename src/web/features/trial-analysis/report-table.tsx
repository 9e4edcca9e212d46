/**
 * The report's number formats and the tables every section of the trial analysis prints (ANOVA,
 * means and letters, notes); the table itself is components/ui/report-table.tsx.
 */
import { formatNumber } from '../../../shared/format.js';
import { Alert } from '../../components/ui/alert.js';
import { ReportTable, type ReportColumn } from '../../components/ui/report-table.js';
import type { GrupoMedia, LinhaTabelaAnova } from '../../../shared/stats/index.js';
import { TextList } from '../../components/ui/text-list.js';

export const n = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? '-' : formatNumber(v, digits));
export const p = (v: number | null | undefined) => (v === null || v === undefined ? '-' : v < 0.0001 ? '< 0,0001' : formatNumber(v, 4));

export { ReportTable, TH_NUM, TH_NUM_WRAP, TD_NUM, type ReportColumn } from '../../components/ui/report-table.js';

/** A treatment's name and mean: the first columns of every table of means and letters. */
export const COLUNAS_MEDIA: readonly ReportColumn<GrupoMedia>[] = [
  { header: 'Tratamento', cell: (g) => g.nome },
  { header: 'Média', kind: 'number', cell: (g) => n(g.media) },
];

/** An ANOVA row, or a desdobramento's error row, which prints no SQ. */
type LinhaFv = Omit<LinhaTabelaAnova, 'sq'> & { sq: number | null };

/**
 * GL, SQ, QM, F and p as every ANOVA-like table prints them, blank where a value does not apply
 * (Total's QM, the residual's F); a fractional GL (Satterthwaite's) with two decimals.
 */
export function colunasAnova<T extends LinhaFv>(): ReportColumn<T>[] {
  return [
    { header: 'GL', kind: 'number', cell: (l) => (Number.isInteger(l.gl) ? l.gl : n(l.gl)) },
    { header: 'SQ', kind: 'number', cell: (l) => (l.sq === null ? '' : n(l.sq)) },
    { header: 'QM', kind: 'number', cell: (l) => (l.qm === null ? '' : n(l.qm)) },
    { header: 'F', kind: 'number', cell: (l) => (l.f === null ? '' : n(l.f, 3)) },
    { header: 'p', kind: 'number', cell: (l) => (l.p === null ? '' : p(l.p)) },
  ];
}

/** The analysis-of-variance table every section prints: FV, GL, SQ, QM, F, p. */
export function AnovaTable({ caption, linhas }: { caption: string; linhas: readonly LinhaTabelaAnova[] }) {
  return (
    <ReportTable
      caption={caption}
      columns={[{ header: 'FV', cell: (l) => l.fonte }, ...colunasAnova<LinhaTabelaAnova>()]}
      rows={linhas}
      rowKey={(l, i) => `${i}-${l.fonte}`}
    />
  );
}

/** The analysis's notes, one a line, in an alert of this tone; nothing when there are none. */
export function Avisos({ avisos, tone }: { avisos: readonly string[]; tone: 'info' | 'warning' }) {
  if (!avisos.length) return null;
  return (
    <Alert tone={tone}>
      <TextList items={avisos} className="space-y-1" />
    </Alert>
  );
}
