/**
 * CSV for Excel in pt-BR: `;` between fields, decimal comma, CRLF, and a UTF-8 BOM so accents
 * open correctly. One row per treatment (an experiment without treatments still gets a row).
 */
import type { Experiment } from './experiment.js';

export const CSV_BOM = '\uFEFF';

export const CSV_HEADER = [
  'ID',
  'Consultoria',
  'Marca',
  'Business Unit',
  'Regional',
  'Cidade',
  'Estado',
  'Latitude',
  'Longitude',
  'Teor de argila (%)',
  'Matéria orgânica (%)',
  'Cultura',
  'Cultivar',
  'Ano',
  'Tipo de estatística',
  'Custo do protocolo (R$)',
  'ROI (R$)',
  'Produtividade média (kg/ha)',
  'Documento PDF',
  'Tratamento',
  'Nome do tratamento',
  'Modalidade',
  'Produtividade (kg/ha)',
  'Custo do tratamento (R$)',
  'Produtos aplicados',
] as const;

/** A number with a decimal comma and no thousands separator (what Excel pt-BR reads as a number). */
export function csvNumber(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '';
  return String(Math.round(v * 1e6) / 1e6).replace('.', ',');
}

export function csvField(v: string | number | null | undefined): string {
  const s = typeof v === 'number' ? csvNumber(v) : (v ?? '');
  // A leading = + - @ would be read by spreadsheets as a formula: neutralise it.
  const safe = /^[=+\-@]/.test(s) && typeof v !== 'number' ? `'${s}` : s;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(fields: (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(';')}\r\n`;
}

export function experimentCsvLines(e: Experiment): string {
  const base = [
    e.id,
    e.consultoria,
    e.marca,
    e.bu,
    e.regional,
    e.cidade,
    e.estado,
    e.latitude,
    e.longitude,
    e.teor_argila,
    e.teor_materia_organica,
    e.cultura,
    e.cultivar,
    e.ano,
    e.tipo_estatistica,
    e.custo_protocolo,
    e.roi,
    e.produtividade_media,
    e.pdf_filename ?? '',
  ];
  if (e.tratamentos.length === 0) return csvLine([...base, '', '', '', '', '', '']);
  return e.tratamentos
    .map((t, i) =>
      csvLine([
        ...base,
        `T${i + 1}`,
        t.nome,
        t.modalidade,
        t.produtividade,
        t.custo,
        t.produtos_aplicados
          .map((p) => [p.nome, p.dose !== null ? `dose ${csvNumber(p.dose)}` : '', p.custo !== null ? `R$ ${csvNumber(p.custo)}` : ''].filter(Boolean).join(' '))
          .join(' | '),
      ]),
    )
    .join('');
}
