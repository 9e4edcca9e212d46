/**
 * "Baixar CSV": each trial's effect as a pt-BR CSV like the dashboard's export (server
 * dashboard/csv.ts): `;` between fields, decimal comma, CRLF and a UTF-8 BOM, so Excel opens it
 * with its accents and reads the numbers as numbers.
 */
import { type MetaAnaliseResponse, ic95DoEnsaio } from '../../../shared/meta-analise.js';
import { toDisplay } from './effect-format.js';

const BOM = '\uFEFF';

type Cell = string | number | null;

/** A number with a decimal comma and no thousands separator. */
const csvNumber = (v: number) => (Number.isFinite(v) ? String(Math.round(v * 1e6) / 1e6).replace('.', ',') : '');

function csvField(v: Cell): string {
  const s = typeof v === 'number' ? csvNumber(v) : (v ?? '');
  // A leading = + - @ would be read by a spreadsheet as a formula.
  const safe = typeof v !== 'number' && /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (cells: readonly Cell[]) => `${cells.map(csvField).join(';')}\r\n`;

export function metaCsv(r: MetaAnaliseResponse): string {
  const razao = r.escala === 'razao';
  const unidade = r.variavel.unidade || 'unidade da variável';
  const display = toDisplay(r.escala);
  const header = [
    'Experimento',
    'Local',
    'Regional',
    'Cultura',
    'Ano',
    'Solo',
    'Tratamento',
    'Testemunha',
    `Média do tratamento (${unidade})`,
    `Média da testemunha (${unidade})`,
    razao ? 'Efeito (ln da razão)' : `Efeito (${unidade})`,
    'Variância',
    'Erro padrão',
    razao ? 'Efeito (% sobre a testemunha)' : null,
    razao ? 'IC 95% inferior (%)' : `IC 95% inferior (${unidade})`,
    razao ? 'IC 95% superior (%)' : `IC 95% superior (${unidade})`,
    'Peso (%)',
    'Repetições',
    'CV (%)',
    'Outros tratamentos com o produto',
  ].filter((h): h is string => h !== null);
  const rows = r.estudos.map((s) => {
    const ep = Math.sqrt(s.variancia);
    return [
      s.experimentId,
      s.local,
      s.regional,
      s.cultura,
      s.ano,
      s.solo,
      s.tratamento,
      s.testemunha,
      s.mediaTratamento,
      s.mediaTestemunha,
      s.efeito,
      s.variancia,
      ep,
      ...(razao ? [display(s.efeito)] : []),
      ...ic95DoEnsaio(s).map(display),
      s.peso,
      s.repeticoes,
      s.cv,
      s.outrosTratamentos.join(' | '),
    ];
  });
  return BOM + [header, ...rows].map(line).join('');
}

/** "meta-analise-aminoagro-raiz-2026-11-29.csv" */
export function metaCsvName(produto: string, hoje = new Date()): string {
  const slug = produto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `meta-analise-${slug || 'produto'}-${hoje.toISOString().slice(0, 10)}.csv`;
}
