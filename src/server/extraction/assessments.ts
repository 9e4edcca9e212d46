/**
 * Assessments a results table reports beside the yield: a column whose header names something
 * rated per plot ("Severidade (%) 14 DAA", "Altura (cm)", "SPAD", "Nº vagens/planta", "PMG (g)")
 * becomes an assessment of the experiment (name, unit, type, stage, scale), and each treatment's
 * cell its mean (`observacoes[chave] = [mean]`: reports give means, not the plots' values).
 * Only header words and units decide; a column they do not name (a cost, a gain, a dose, a
 * test's letters) is no assessment.
 */
import { novaChave, PRESETS_AVALIACAO, valueProblem } from '../../shared/assessments.js';
import type { TipoAvaliacao } from '../../shared/constants.js';
import type { ExtractedAssessment } from '../../shared/extraction.js';
import { findYieldScale } from './numbers.js';
import { fold } from './text.js';

/** What a header says of its assessment; the key is given once the table's assessments are known. */
export type AssessmentHeader = Omit<ExtractedAssessment, 'chave'>;

interface Kind {
  /** Tested on the folded header. */
  re: RegExp;
  /** The name as the form's suggestions write it, or a function of the folded header's match. */
  nome: string | ((m: RegExpExecArray) => string);
  tipo: TipoAvaliacao;
  /** The unit when the header states none. */
  unidade?: string;
  /** Names that take what they rate after "de" ("Severidade de ferrugem" → alvo "ferrugem"). */
  target?: boolean;
  /**
   * The units the measure can have: another (a height in grams) says the header's words were
   * merged from two columns, and the column is left alone.
   */
  units?: RegExp;
}

const NOT_A_WORD = String.raw`(?![a-z])`;
const W = String.raw`(?<![a-z])`;

/** The things a count per plant or per area counts ("Nº vagens/planta", "Número de espigas"). */
const COUNTED = String.raw`(vagens|graos|espigas|frutos|perfilhos|ramos|nos|folhas|flores|cachos|capulhos|macas|tuberculos|plantas|colmos|brotos|nodulos|ovos|lagartas|percevejos|insetos|ninfas|adultos)`;

const titled = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Folded words back to their written form (the counted things above; accents restored). */
const ACCENTED: Record<string, string> = {
  graos: 'Grãos',
  nos: 'Nós',
  macas: 'Maçãs',
  tuberculos: 'Tubérculos',
  nodulos: 'Nódulos',
};
const written = (word: string) => ACCENTED[word] ?? titled(word);

/**
 * The assessments a header can name, the more specific first. Abbreviations are those reports
 * print in narrow columns ("Sev.", "Incid.", "Fitotox.", "Alt.", "PMG", "MMG"); not "Inc.", which as often
 * abbreviates a gain ("Incremento"), nor an efficiency that is not of control ("Eficiência agronômica").
 */
const KINDS: Kind[] = [
  { re: new RegExp(`${W}(severidade|sev\\.?)${NOT_A_WORD}`), nome: 'Severidade', tipo: 'porcentagem', target: true },
  { re: new RegExp(`${W}(incidencia|incid\\.)${NOT_A_WORD}`), nome: 'Incidência', tipo: 'porcentagem', target: true },
  { re: new RegExp(`${W}(fitotoxicidade|fitotox\\.?|fito\\.)${NOT_A_WORD}`), nome: 'Fitotoxicidade', tipo: 'nota' },
  {
    re: new RegExp(`${W}(controle|eficacia|eficiencia\\s+de\\s+controle)${NOT_A_WORD}`),
    nome: 'Controle',
    tipo: 'porcentagem',
    target: true,
  },
  { re: new RegExp(`${W}desfolha${NOT_A_WORD}`), nome: 'Desfolha', tipo: 'porcentagem' },
  { re: new RegExp(`${W}acamamento${NOT_A_WORD}`), nome: 'Acamamento', tipo: 'porcentagem' },
  {
    re: new RegExp(`${W}(spad|clorofila)${NOT_A_WORD}`),
    nome: (m) => (m[1] === 'spad' ? 'Índice SPAD' : 'Índice de Clorofila'),
    tipo: 'medida',
  },
  { re: new RegExp(`${W}(altura|alt\\.)${NOT_A_WORD}`), nome: 'Altura de Plantas', tipo: 'medida', unidade: 'cm', units: /^(cm|m|mm)$/ },
  {
    // "PMG", "MMG", "Peso de mil grãos", "Massa de 1000 grãos", "P100": what a fixed number of grains weighs.
    re: new RegExp(
      `${W}(?:(pmg|mmg|m1000|p1000)|(?:peso|massa)\\s+(?:de\\s+)?(mil|cem|100|1\\.?000)\\s+(?:graos|sementes)|(p100|m100))${NOT_A_WORD}`,
    ),
    nome: (m) => (m[1] || ['mil', '1000', '1.000'].includes(m[2] ?? '') ? 'Peso de 1000 Grãos' : 'Peso de 100 Grãos'),
    tipo: 'medida',
    unidade: 'g',
    units: /^(g|gramas)$/,
  },
  {
    re: new RegExp(`${W}(?:(?:n[º°o]?\\.?|num\\.?|numero)\\s*(?:de\\s+)?)?graos\\s*(?:\\/|por)\\s*vagem${NOT_A_WORD}`),
    nome: 'Número de Grãos por Vagem',
    tipo: 'medida',
    unidade: 'unidades',
  },
  {
    re: new RegExp(`${W}(?:stand|estande)(?:\\s+(inicial|final))?${NOT_A_WORD}`),
    nome: (m) => `Stand ${m[1] === 'inicial' ? 'Inicial' : 'Final'}`,
    tipo: 'medida',
    unidade: 'plantas/m',
  },
  { re: new RegExp(`${W}populacao${NOT_A_WORD}`), nome: 'População de Plantas', tipo: 'medida', unidade: 'plantas/ha' },
  { re: new RegExp(`${W}area\\s+foliar${NOT_A_WORD}`), nome: 'Área Foliar', tipo: 'medida', unidade: 'cm²' },
  {
    // "Nº vagens/planta", "N° de espigas", "Número de frutos por planta", "Vagens/planta".
    re: new RegExp(
      `${W}(?:(?:n[º°o]?\\.?|num\\.?|numero)\\s*(?:de\\s+)?${COUNTED}|${COUNTED}\\s*(?:\\/|por)\\s*(?:planta|m|metro|m2|m²|parcela))${NOT_A_WORD}`,
    ),
    nome: (m) => `Número de ${written(m[1] ?? m[2] ?? '')}`,
    tipo: 'contagem',
  },
  {
    // Other measures a header names with their unit ("Diâmetro do colmo (mm)", "Comprimento de espiga (cm)").
    re: new RegExp(`${W}(diametro|comprimento|peso|massa|volume|teor|brix|vigor)${NOT_A_WORD}`),
    nome: '',
    tipo: 'medida',
  },
];

/**
 * Columns that are no assessment whatever word they hold: yields, money, gains, statistics, doses,
 * plots, moisture, and a value relative to the control ("% do controle" is a yield's share, not a control).
 */
const NOT_ASSESSED =
  /(produtividade|rendimento|producao|colheita|r\$|custo|receita|lucro|retorno|roi|relativ|increment|ganho|diferenca|tukey|scott|duncan|letras|grupo|teste|dose|umidade|parcela|parc\.|bloco|repeticao|media geral|cv\b|dms|relacao|(?:do|ao|sobre o|vs\.?|versus)\s+controle)/;

/** A timing after an event ("14 DAA", "7 dias após a aplicação", "21 DAE", "DAS"). */
const TIMING =
  /(\d{1,3})\s*(?:dias?\s+ap[oó]s\s+(?:a\s+)?(?:(\d+)[ªa]\s+)?(aplica[cç][aã]o|emerg[eê]ncia|semeadura|plantio|transplantio)|(d\.?a\.?[aestp]\.?\d?))(?![a-z])/i;
/** A phenological stage ("R5.1", "V6", "R1-R2"). */
const STAGE = /(?<![A-Za-z0-9])([VR](?:\d{1,2}(?:\.\d)?|E|C|n)(?:\s*[-–]\s*[VR]\d{1,2}(?:\.\d)?)?)(?![A-Za-z0-9])/;
/** A full date in the header ("12/01/2024", "12/01/24"). */
const DATE = /(?<!\d)(\d{1,2})[/.](\d{1,2})[/.](\d{4}|\d{2})(?!\d)/;
/** A stated scale ("nota 1-9", "escala de 0 a 5", "(1 a 9)"). */
const SCALE = /(?:nota|escala|notas)?\s*(?:de\s+)?\(?\s*(\d{1,2})\s*(?:-|–|a|ate)\s*(\d{1,3})\s*\)?/;

const ABBREVIATED_TIMING: Record<string, string> = { a: 'DAA', e: 'DAE', s: 'DAS', t: 'DAT', p: 'DAP' };

function timingOf(header: string): string | null {
  const m = TIMING.exec(header);
  if (!m) return null;
  if (m[4]) {
    const letter = /d\.?a\.?([aestp])/i.exec(m[4])?.[1]?.toLowerCase() ?? 'a';
    const nth = /(\d)$/.exec(m[4])?.[1];
    return `${m[1]} ${ABBREVIATED_TIMING[letter] ?? 'DAA'}${nth ?? ''}`;
  }
  const event = fold(m[3] ?? '');
  const letter = event.startsWith('aplic') ? 'A' : event.startsWith('emerg') ? 'E' : event.startsWith('transpl') ? 'T' : 'S';
  return `${m[1]} DA${letter}${m[2] ?? ''}`;
}

function isoDate(header: string): string | null {
  const m = DATE.exec(header);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const year = y < 100 ? 2000 + y : y;
  const date = new Date(Date.UTC(year, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** The unit a header states: in parentheses or brackets, or a percent sign; timings and scales are not units. */
function unitOf(header: string): string | null {
  if (/%/.test(header)) return '%';
  for (const m of header.matchAll(/[([]([^()[\]]{1,25})[)\]]/g)) {
    const inside = (m[1] ?? '').trim();
    if (!inside || TIMING.test(inside) || DATE.test(inside) || STAGE.test(inside)) continue;
    if (/^(nota|notas|escala)\b/i.test(inside)) return 'nota';
    if (/^\d{1,2}\s*(?:-|–|a|até)\s*\d{1,3}$/.test(inside)) continue;
    return inside.replace(/\s*\/\s*/g, '/');
  }
  // A unit after a slash or "por" ("vagens/planta", "plantas por metro") is a rate the header names.
  const rate = /([A-Za-zÀ-ÿ]+)\s*(?:\/|\bpor\b)\s*(planta|m²|m2|metro|m|ha|parcela)(?![A-Za-zÀ-ÿ])/i.exec(header);
  if (rate) return `${(rate[1] ?? '').toLowerCase()}/${(rate[2] ?? '').toLowerCase().replace(/^metro$/, 'm')}`;
  return null;
}

/** The header's own words, without its unit, timing, date and footnote marks ("Diâmetro do colmo"). */
function ownWords(header: string): string {
  const words = header
    .replace(/[([][^()[\]]*[)\]]/g, ' ')
    .replace(TIMING, ' ')
    .replace(DATE, ' ')
    .replace(/[¹²³⁴⁵⁶⁷⁸⁹*†‡%]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!words) return '';
  const lower = words === words.toUpperCase() ? words.toLowerCase() : words;
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** The thing a severity, incidence or control rates ("Severidade de ferrugem (%)" → "ferrugem"). */
function targetOf(folded: string, header: string, after: number): string | null {
  const m = /^\s*(?:da|de|do|das|dos)\s+([a-z][a-z\s-]{2,40}?)(?=\s*(?:[([%,;]|\d|$))/.exec(folded.slice(after));
  if (!m || !m[1]) return null;
  const at = after + (m.index ?? 0) + m[0].indexOf(m[1]);
  const target = header.slice(at, at + m[1].length).trim();
  return /^(aplicacao|plantas?|folhas?|area|parcela)$/.test(fold(target)) ? null : target;
}

/**
 * What a results table's column header says of an assessment, or null when it names none. The
 * type follows the header: a percent is a percentage, a score (nota, escala) a score with the
 * scale it states, a count a count; anything else a measure.
 */
export function readAssessmentHeader(header: string): AssessmentHeader | null {
  const text = header.replace(/\s+/g, ' ').trim();
  const folded = fold(text);
  if (!text || text.length > 80 || NOT_ASSESSED.test(folded) || findYieldScale(text)) return null;
  // The header's head word comes first ("Altura na desfolha" is a height): of the kinds it names,
  // the one named earliest, then the more specific; a generic measure only when nothing else is named.
  let kind: Kind | undefined;
  let match: RegExpExecArray | null = null;
  for (const k of KINDS) {
    const m = k.re.exec(folded);
    const generic = (x: Kind | undefined) => x !== undefined && !x.nome;
    if (m && (!match || (generic(kind) && !generic(k)) || (generic(kind) === generic(k) && m.index < match.index))) [kind, match] = [k, m];
  }
  if (!kind || !match) return null;
  const stated = unitOf(text);
  if (stated && kind.units && !kind.units.test(fold(stated))) return null;
  const nome = typeof kind.nome === 'function' ? kind.nome(match) : kind.nome || ownWords(text);
  // A generic measure needs a unit to be told from a remark ("Peso" alone may be anything).
  if (!nome || (!kind.nome && !stated)) return null;
  const scale = /(nota|escala)/.test(folded) ? SCALE.exec(folded.replace(TIMING, ' ').replace(DATE, ' ')) : null;
  let tipo: TipoAvaliacao = kind.tipo;
  if (stated === '%') tipo = 'porcentagem';
  else if (stated === 'nota' || scale) tipo = 'nota';
  else if (tipo === 'porcentagem' && stated) tipo = 'medida';
  const preset = PRESETS_AVALIACAO[nome.toLowerCase()];
  let escala_min: number | null = null;
  let escala_max: number | null = null;
  if (tipo === 'nota') {
    if (scale) [escala_min, escala_max] = [Number(scale[1]), Number(scale[2])];
    else if (preset?.tipo === 'nota') [escala_min, escala_max] = [preset.escala_min, preset.escala_max];
  }
  const unidade = stated ?? (tipo === 'porcentagem' ? '%' : tipo === 'nota' ? 'nota' : (kind.unidade ?? preset?.unidade ?? ''));
  const timing = timingOf(text) ?? STAGE.exec(text)?.[1] ?? null;
  return {
    nome,
    unidade,
    tipo,
    data: isoDate(text),
    estadio: timing ? timing.slice(0, 30) : null,
    alvo: kind.target ? targetOf(folded, text, match.index + match[0].length) : null,
    escala_min,
    escala_max,
  };
}

/**
 * The table's assessments with their keys ("severidade", "severidade-2"), each with a type its
 * treatments' means fit: a mean of counts or of scores is rarely whole, so a type the values break
 * (or a score without a scale) becomes a measure, which takes any value of 0 or more.
 */
export function keyAssessments(headers: AssessmentHeader[], values: (number | null)[][]): ExtractedAssessment[] {
  const taken: string[] = [];
  return headers.map((h, i) => {
    const chave = novaChave(h.nome, taken);
    taken.push(chave);
    const column = (values[i] ?? []).filter((v): v is number => v !== null);
    const fits = (a: Pick<ExtractedAssessment, 'tipo' | 'escala_min' | 'escala_max'>) =>
      (a.tipo !== 'nota' || (a.escala_min !== null && a.escala_max !== null && a.escala_max > a.escala_min)) &&
      column.every((v) => valueProblem(v, a) === null);
    if (fits(h)) return { chave, ...h };
    return { chave, ...h, tipo: 'medida', escala_min: null, escala_max: null };
  });
}
