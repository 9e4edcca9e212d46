/**
 * Stage 3 of the extractor for the scalar fields: each reader looks in one kind of place and
 * proposes candidates with their evidence; none decides (candidates.ts `choose` does).
 *
 * - `readLabels`: labelled header blocks ("Município: Rio Verde – GO", label/value grids);
 * - `readSentences`: the running text ("no município de …", "safra 2023/24", "R$ …");
 * - `readSoilTables`: a soil analysis table's "Argila"/"M.O." columns;
 * - `readWholeDocument`: counts and patterns over the whole document (crop and brand mentions,
 *   coordinates anywhere, a lone year in the title).
 */
import type { Candidates, Evidence } from './candidates.js';
import {
  cleanCultivar,
  findCultivarInText,
  findLocationInProse,
  findSoilContent,
  findSoilContentAt,
  parseBu,
  parseCoordinates,
  parseDate,
  parseDesign,
  parseLocation,
  parseMoney,
  parseOneCoordinate,
  parseSoilValue,
  parseYear,
  statesNamedIn,
  type Location,
  type SoilKind,
} from './fields.js';
import { collectLabelPairs, type LabelPair } from './labels.js';
import { type Layout, lineSnippet, snippetAround } from './layout.js';
import { findDecimalDegrees, findDmsCoordinates, findNumbers, findSoilUnit, pairCoordinates } from './numbers.js';
import type { TextLine } from './pdf-text.js';
import { type CompiledReference, countMatches, matchCrop, matchRegional, matchState, phraseRegExp } from './reference.js';
import { cleanValue, fold, key } from './text.js';

/** How much a place makes a value trusted. */
export const FROM_LABEL = 0.95;
export const FROM_SENTENCE = 0.85;
export const FROM_DOCUMENT = 0.7;

/** Evidence at an offset of the running text. */
export function atOffset(layout: Layout, start: number, end: number, source: Evidence['source']): Evidence {
  return { page: layout.pageAt(start), snippet: snippetAround(layout.flat, start, end), source };
}

/** Evidence where a phrase first occurs in the running text (the phrase itself when not found). */
export function wherePhrase(layout: Layout, phrase: string, source: Evidence['source'], from = 0): Evidence {
  const at = layout.folded.indexOf(fold(phrase), from);
  return at < 0 ? { page: 1, snippet: phrase, source } : atOffset(layout, at, at + phrase.length, source);
}

/* ---------- labelled header blocks ---------- */

export function readLabels(layout: Layout, c: CompiledReference, out: Candidates): LabelPair[] {
  const pairs = collectLabelPairs(layout.lines);
  for (const p of pairs) {
    const line = layout.lines[p.line] as TextLine | undefined;
    const ev: Evidence = { page: line?.page ?? 1, snippet: line ? lineSnippet(line) : `${p.label}: ${p.value}`, source: 'label' };
    const value = p.value;
    switch (p.field) {
      case 'marca': {
        out.add('marca', brandIn(value, c), FROM_LABEL, ev);
        out.add('bu', parseBu(value), FROM_LABEL, ev);
        break;
      }
      case 'produto':
        out.add('marca', brandIn(value, c), FROM_LABEL - 0.05, ev);
        break;
      case 'bu':
        out.add('bu', parseBu(value), FROM_LABEL, ev);
        break;
      case 'regional': {
        // "MT BR 163 · BU3" under "Regional / BU": each part is tried, a BU among them read too.
        const parts = [value, ...value.split(/\s*[·|;]\s*/)];
        out.add('regional', parts.map((part) => matchRegional(cleanValue(part), c)?.nome).find(Boolean), FROM_LABEL, ev);
        out.add('bu', parseBu(value), FROM_LABEL - 0.05, ev);
        break;
      }
      case 'local':
        offerLocation(parseLocation(value, c), FROM_LABEL, out, /munic|cidade/i.test(p.label), ev);
        break;
      case 'estado':
        out.add('estado', matchState(cleanValue(value), c)?.sigla ?? parseLocation(value, c)?.estado, FROM_LABEL, ev);
        break;
      case 'coordenadas': {
        const coords = parseCoordinates(value);
        out.add('latitude', coords?.latitude, FROM_LABEL, ev);
        out.add('longitude', coords?.longitude, FROM_LABEL, ev);
        break;
      }
      case 'latitude':
        out.add('latitude', parseOneCoordinate(value, 'lat'), FROM_LABEL, ev);
        break;
      case 'longitude':
        out.add('longitude', parseOneCoordinate(value, 'lon'), FROM_LABEL, ev);
        break;
      case 'cultura':
        out.add('cultura', matchCrop(value, c) ?? cropOffTheList(value, c), FROM_LABEL, ev);
        out.add('cultivar', findCultivarInText(value), FROM_LABEL - 0.05, ev);
        break;
      case 'cultura_cultivar': {
        // "Soja / M 6410", "trigo, TBIO Audaz", "Milho – DKB 390".
        const [crop, ...rest] = value.split(/\s*[/–—,;]\s*|\s+-\s+/);
        out.add('cultura', matchCrop(crop ?? '', c) ?? cropOffTheList(crop ?? '', c), FROM_LABEL, ev);
        out.add('cultivar', cleanCultivar(rest.join(' ')), FROM_LABEL, ev);
        break;
      }
      case 'cultivar':
        out.add('cultivar', cleanCultivar(value), FROM_LABEL, ev);
        break;
      case 'ano':
        // "Ano agrícola" and "Ano" beat a season ("Safra 2023/24" accepts either year).
        out.add('ano', parseYear(value), /^ano/i.test(fold(p.label)) ? FROM_LABEL + 0.02 : FROM_LABEL, ev);
        break;
      case 'delineamento':
        out.add('tipo_estatistica', parseDesign(value), FROM_LABEL, ev);
        break;
      case 'argila': {
        // "Argila / M.O.: 16 % / 1,8 %", "Argila e MO: 250 g/kg; 22 g/dm³": two labels, two values in order.
        const both = /argila\s*(?:\/|e|;|,)\s*(?:teor de\s*)?(?:m\.?\s?o\.?|materia organica|mat\.? org)/i.test(fold(p.label));
        const [clay, om] = value.split(/\s+\/\s+|\s*;\s*|\s+e\s+/);
        if (both && clay && om) {
          out.add('teor_argila', parseSoilValue('argila', clay, p.labelUnit), FROM_LABEL, ev);
          out.add('teor_materia_organica', parseSoilValue('mo', om, p.labelUnit), FROM_LABEL, ev);
        } else out.add('teor_argila', parseSoilValue('argila', value, p.labelUnit), FROM_LABEL, ev);
        break;
      }
      case 'mo':
        out.add('teor_materia_organica', parseSoilValue('mo', value, p.labelUnit), FROM_LABEL, ev);
        break;
      case 'solo':
        out.add('teor_argila', findSoilContent(value, 'argila'), FROM_LABEL - 0.05, ev);
        out.add('teor_materia_organica', findSoilContent(value, 'mo'), FROM_LABEL - 0.05, ev);
        break;
      case 'custo':
        // "Custo do protocolo" (or "custo total"); a bare "Custo" may be a product's cost.
        if (/protocolo|total|ensaio|experimento|hectare|ha\b/i.test(p.label) || /R\$/.test(p.label) || /R\$/.test(value)) {
          // "4 visitas a R$ 2.800,00 cada; total: R$ 11.200,00": the total is the protocol's cost.
          const total = /total[^R]{0,40}(R\$\s*[\d.,]+\d)/i.exec(value);
          out.add(
            'custo_protocolo',
            parseMoney(total?.[1] ?? value, !/R\$/.test(p.label)),
            /protocolo/i.test(p.label) ? FROM_LABEL : FROM_SENTENCE,
            ev,
          );
        }
        break;
      case 'colheita':
        out.add('ano', parseDate(value)?.year, FROM_SENTENCE, ev);
        break;
      case 'semeadura': {
        // Sowing from August on is harvested the next year (the season's year).
        const d = parseDate(value);
        if (d) out.add('ano', d.month >= 8 ? d.year + 1 : d.year, FROM_DOCUMENT - 0.1, ev);
        break;
      }
      case 'consultoria':
        // organization.ts reads who ran the trial, with its distractors.
        break;
    }
  }
  return pairs;
}

function offerLocation(loc: Location | null, confidence: number, out: Candidates, cityLabel: boolean, ev: Evidence): void {
  if (!loc) return;
  // A value without a state after "Local:" may be a farm; after "Município:" it is a city.
  out.add('cidade', loc.cidade, loc.estado || cityLabel ? confidence : confidence - 0.25, ev);
  out.add('estado', loc.estado, confidence, ev);
}

/** The brand a short text names: a brand, one of its products, or a competitor's product. */
export function brandIn(text: string, c: CompiledReference): string | null {
  const f = fold(text);
  for (const b of c.brands) {
    if (countMatches(b.name, f) > 0 || b.products.some((p) => countMatches(p.re, f) > 0)) return b.nome;
  }
  if (c.competitor && (/concorrente|padrao do produtor/.test(f) || c.competitor.products.some((p) => countMatches(p.re, f) > 0)))
    return c.competitor.nome;
  return null;
}

/** A company's name as printed: capitalised words, "de"/"e" between them ("Agrovita Nutrição Vegetal", "Verdequímica Indústria de Fertilizantes Ltda."). */
const NAME_WORDS = String.raw`[A-ZÀ-Ý][\wÀ-ÿ&-]*(?:\s+(?:(?:de|do|da|e)\s+)?[A-ZÀ-Ý][\wÀ-ÿ&-]*){0,4}`;
const LEGAL = String.raw`(?:Ltda\.?|S\.\s?A\.?|S\/A|Eireli)`;
const COMPANY = String.raw`(${NAME_WORDS}(?:\s+${LEGAL})?)`;
const MADE_BY = [
  // "O produto, fabricado pela Agrovita Nutrição Vegetal, …", "fornecido pela empresa X".
  new RegExp(String.raw`(?:fabricad|produzid|fornecid|desenvolvid|comercializad|registrad)[oa]s?\s+pel[oa]\s+(?:empresa\s+)?${COMPANY}`),
  // "do fertilizante Kalimax®, da empresa Potassa Nutrientes".
  new RegExp(String.raw`\bda\s+empresa\s+${COMPANY}`),
  // "Algamar® (Marinova Fertilizantes)".
  new RegExp(String.raw`[\wÀ-ÿ]®\s*\(${COMPANY}\)`),
  // "de Terrabio Raiz (Terrabio Insumos Biológicos Ltda.)": a company, by its legal suffix, in parentheses after a product.
  new RegExp(String.raw`[\wÀ-ÿ]\s*\((${NAME_WORDS}\s+${LEGAL})\)`),
];

/** The maker of the tested product where the report names it; null when it names none. */
export function manufacturer(text: string): { nome: string; at: number; end: number } | null {
  for (const re of MADE_BY) {
    const m = re.exec(text);
    // A sentence's full stop goes; the one of "Ltda." stays.
    const nome = m?.[1]
      ?.replace(/[,;]+$/, '')
      .replace(/(?<!Ltda|S\.\s?A)\.$/, '')
      .trim();
    if (m && nome && nome.length >= 3) return { nome, at: m.index, end: m.index + m[0].length };
  }
  return null;
}

/* ---------- sentences ---------- */

export function readSentences(layout: Layout, c: CompiledReference, out: Candidates): void {
  const { flat, folded: f } = layout;
  const loc = findLocationInProse(flat, c);
  if (loc) offerLocation(loc, loc.confidence, out, true, wherePhrase(layout, loc.cidade ?? loc.estado ?? '', 'sentence'));
  const cultivar = findCultivarInText(flat);
  out.add('cultivar', cultivar, FROM_SENTENCE - 0.05, wherePhrase(layout, cultivar ?? '', 'sentence'));
  for (const [kind, field] of [
    ['argila', 'teor_argila'],
    ['mo', 'teor_materia_organica'],
  ] as const) {
    const found = findSoilContentAt(flat, kind);
    if (found) out.add(field, found.value, FROM_SENTENCE, atOffset(layout, found.start, found.end, 'sentence'));
  }
  const design = parseDesign(flat);
  if (design) {
    const m =
      /delineamento|blocos?\s+(?:completos?\s+)?(?:casualizad|ao\s+acaso)|inteiramente|(?<![a-z])(?:dbc|dic)(?![a-z])|anova|analise\s+de\s+variancia/.exec(
        f,
      );
    out.add(
      'tipo_estatistica',
      design,
      FROM_SENTENCE,
      m ? atOffset(layout, m.index, m.index + m[0].length, 'sentence') : wherePhrase(layout, design, 'sentence'),
    );
  }

  // "Custo do protocolo: R$ 1.120,00", "o custo total do protocolo (instalação, …) foi de R$ 16.350,00",
  // "Valor total do protocolo …: R$ 27.600,00".
  // "Investimento do patrocinador neste protocolo: R$ …", "custo total do acompanhamento: R$ …".
  const cost =
    /(?:custo|valor|investimento)(?:\s+(?:total|contratado|previsto))?\s+(?:[a-z]+\s+){0,4}?(?:d[oa]|de|deste|desta|neste|nesta|n[oa])\s+(?:protocolo|ensaio|experimento|acompanhamento|trabalho|estudo|pesquisa)[^\n]{0,160}?r\$\s*([\d.,]+\d)(?!\s*(?:\/|por)\s*(?:ha|hectare|parcela|saca))/.exec(
      f,
    );
  if (cost)
    out.add(
      'custo_protocolo',
      findNumbers(cost[1] ?? '')[0]?.value,
      FROM_SENTENCE,
      atOffset(layout, cost.index, cost.index + cost[0].length, 'sentence'),
    );
  // The trial as the subject of its cost: "O ensaio … custou R$ 21.300,00", "Ensaio contratado …, com
  // custo de R$ 11.250,00", "o protocolo, orçado em R$ …".
  const spent =
    /(?:ensaio|protocolo|experimento)(?![a-z])[^.;]{0,120}?(?:custou|com custo(?: total)? de|ao custo(?: total)? de|orcad[oa] em|no valor(?: total)? de)\s*r\$\s*([\d.,]+\d)(?!\s*(?:\/|por)\s*(?:ha|hectare|parcela|saca))/.exec(
      f,
    );
  if (spent && !cost)
    out.add(
      'custo_protocolo',
      findNumbers(spent[1] ?? '')[0]?.value,
      FROM_SENTENCE - 0.05,
      atOffset(layout, spent.index, spent.index + spent[0].length, 'sentence'),
    );

  // "Safra 2023/24", "na safra 2023/2024", "safra 2024".
  const season = /safra\s*:?\s*((?:19|20)\d{2}\s*[/\-–]\s*(?:19|20)?\d{2}|\d{2}\s*\/\s*\d{2}|(?:19|20)\d{2})(?![\d/])/.exec(f);
  if (season)
    out.add('ano', parseYear(season[1] ?? ''), FROM_SENTENCE, atOffset(layout, season.index, season.index + season[0].length, 'sentence'));
  // The trial's period in words, the trial the subject of a verb of conducting: "o ensaio foi conduzido
  // de fevereiro a julho de 2023", "de agosto de 2021 a julho
  // de 2022", "entre março de 2022 e fevereiro de 2023": the year it ended, when it was harvested.
  const month = '(?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)';
  const period = new RegExp(
    String.raw`(?:ensaio|experimento|trabalho|estudo)(?![a-z])[^.;]{0,60}?(?:conduzid|instalad|realizad|desenvolvid|implantad|executad)[oa]s?(?![a-z])[^.;]{0,100}?(?:de|entre)\s+${month}(?:\s+(?:de\s+)?(?:19|20)\d{2})?\s+(?:a|e|ate)\s+${month}\s+(?:de\s+)?((?:19|20)\d{2})`,
  ).exec(f);
  if (period)
    out.add('ano', Number(period[1]), FROM_LABEL - 0.03, atOffset(layout, period.index, period.index + period[0].length, 'sentence'));
  // "colheita em 20/07/2024", "colhido em …".
  const harvest =
    /colh(?:eita|id[oa]s?)\s*(?:foi\s+(?:realizada|feita)\s+)?(?:em|no dia|realizada em|:)\s*(\d{1,2}[/.-]\d{1,2}[/.-](?:19|20)\d{2})/.exec(
      f,
    );
  if (harvest)
    out.add(
      'ano',
      parseDate(harvest[1] ?? '')?.year,
      FROM_SENTENCE - 0.05,
      atOffset(layout, harvest.index, harvest.index + harvest[0].length, 'sentence'),
    );
  const sowing =
    /(?:semead[oa]s?|semeadura|plantad[oa]s?|plantio)\s+(?:foi\s+(?:realizad[oa]|feit[oa])\s+)?(?:em|no dia|ocorreu em)\s+(\d{1,2}[/.-]\d{1,2}[/.-](?:19|20)\d{2})/.exec(
      f,
    );
  const d = sowing ? parseDate(sowing[1] ?? '') : null;
  if (sowing && d)
    out.add(
      'ano',
      d.month >= 8 ? d.year + 1 : d.year,
      FROM_DOCUMENT - 0.1,
      atOffset(layout, sowing.index, sowing.index + sowing[0].length, 'sentence'),
    );
}

/* ---------- a value and its caption in separate cells ---------- */

/**
 * "R$ 18.400,00" alone in its cell, its caption above and/or below it ("Custo do" / "protocolo" wrapped
 * around it, or a KPI tile with the caption under the number).
 */
export function readCaptionedCosts(layout: Layout, out: Candidates): void {
  const lines = layout.lines;
  const near = (i: number, x: number, right: number, step: number): string => {
    const texts: string[] = [];
    for (let j = i + step, n = 0; n < 2 && j >= 0 && j < lines.length; j += step, n++) {
      const other = lines[j] as TextLine;
      if (other.page !== (lines[i] as TextLine).page) break;
      const cell = other.cells.find((o) => Math.min(o.right, right + 20) - Math.max(o.x, x - 20) > 0);
      if (cell) texts.push(cell.text);
    }
    return texts.join(' ');
  };
  lines.forEach((line, i) => {
    for (const cell of line.cells) {
      const money = /^R\$\s*([\d.,]+\d)$/.exec(cell.text.trim());
      if (!money) continue;
      // A label cell to its left, wrapped over the lines around it ("Custo do" / "protocolo").
      const left = [i - 1, i, i + 1]
        .map((j) => lines[j])
        .filter((other): other is TextLine => other !== undefined && other.page === line.page)
        .map((other) => other.cells.filter((o) => o.right <= cell.x && cell.x - o.right < 120).pop()?.text ?? '')
        .join(' ');
      const caption = fold(`${near(i, cell.x, cell.right, -1)} ${near(i, cell.x, cell.right, 1)} ${left}`);
      if (!/(custo|valor|investimento)/.test(caption) || !/(protocolo|ensaio|experimento|acompanhamento)/.test(caption)) continue;
      if (/\/\s*ha|por hectare|por parcela|\/ ?saca/.test(caption)) continue;
      out.add('custo_protocolo', findNumbers(money[1] ?? '')[0]?.value, FROM_SENTENCE - 0.05, {
        page: line.page,
        snippet: lineSnippet(line),
        source: 'table',
      });
    }
  });
}

/* ---------- soil analysis tables ---------- */

/**
 * A soil analysis table: a header cell "Argila"/"M.O." (unit in it or on the line below) and the
 * first number under it within a few lines.
 */
export function readSoilTables(layout: Layout, out: Candidates): void {
  const lines = layout.lines;
  const kinds: [SoilKind, RegExp, 'teor_argila' | 'teor_materia_organica'][] = [
    ['argila', /^(teor de )?argila\b/, 'teor_argila'],
    ['mo', /^(m ?o|mo|materia organica|mat organica)\b/, 'teor_materia_organica'],
  ];
  lines.forEach((line, h) => {
    if (line.cells.length < 3) return;
    for (const cell of line.cells) {
      const k = key(cell.text);
      for (const [kind, re, field] of kinds) {
        if (!re.test(k) || /\d{2,}/.test(cell.text.replace(/\(.*\)/, ''))) continue;
        let unit = findSoilUnit(cell.text.replace(/^[^(]*/, ''));
        for (let i = h + 1; i <= h + 4 && i < lines.length; i++) {
          const below = lines[i] as TextLine;
          if (below.page !== line.page) break;
          const under = below.cells.find((b) => Math.min(b.right, cell.right + 6) - Math.max(b.x, cell.x - 6) > 0);
          if (!under) continue;
          const n = findNumbers(under.text)[0];
          if (!n || /^\(/.test(under.text.trim())) {
            unit ??= findSoilUnit(under.text);
            continue;
          }
          out.add(field, parseSoilValue(kind, under.text, unit), FROM_SENTENCE, {
            page: line.page,
            snippet: `${lineSnippet(line, 80)} … ${lineSnippet(below, 70)}`,
            source: 'table',
          });
          break;
        }
      }
    }
  });
}

/* ---------- the whole document ---------- */

export function readWholeDocument(layout: Layout, c: CompiledReference, out: Candidates, pairs: LabelPair[]): void {
  const { lines, flat, folded } = layout;
  // Coordinates anywhere: a DMS pair, or decimal degrees next to a coordinate word.
  const dms = findDmsCoordinates(flat);
  const pair = dms.length >= 2 ? pairCoordinates(dms) : null;
  if (pair) {
    const first = dms[0];
    const ev = first ? atOffset(layout, first.index, first.index + 40, 'document') : wherePhrase(layout, '°', 'document');
    out.add('latitude', pair.latitude, FROM_SENTENCE, ev);
    out.add('longitude', pair.longitude, FROM_SENTENCE, ev);
  }
  // "Lat. -24,9871 / Long. -53,3914", "S 12,3456° / W 45,678°", "12,3456° S; 45,678° O": the
  // words and numbers may be split over cells and lines, so the running text is read.
  for (const m of folded.matchAll(/coordenad|latitude|longitude|(?<![a-z])lat(?![a-z])|(?<![a-z])long?(?![a-z])|gps/g)) {
    const at = m.index ?? 0;
    const window = flat.slice(at, at + 90);
    const p = pairCoordinates(findDecimalDegrees(window));
    if (p) {
      const ev = atOffset(layout, at, at + 60, 'document');
      out.add('latitude', p.latitude, FROM_SENTENCE - 0.05, ev);
      out.add('longitude', p.longitude, FROM_SENTENCE - 0.05, ev);
      break;
    }
  }
  // "23,8612° S; 49,1375° O" in a sentence: degrees with their hemispheres need no label.
  for (const m of flat.matchAll(/\d{1,2}[.,]\d{3,}\s*°\s*[SN](?![a-z])/g)) {
    const at = m.index ?? 0;
    const p = pairCoordinates(findDecimalDegrees(flat.slice(at, at + 60)));
    if (p) {
      const ev = atOffset(layout, at, at + 40, 'sentence');
      out.add('latitude', p.latitude, FROM_DOCUMENT, ev);
      out.add('longitude', p.longitude, FROM_DOCUMENT, ev);
      break;
    }
  }
  for (const line of lines) {
    if (!/coordenad|latitude|longitude|\blat\b|\blong?\b|gps/i.test(fold(line.text))) continue;
    const p = pairCoordinates(findDecimalDegrees(line.text));
    if (p) {
      const ev: Evidence = { page: line.page, snippet: lineSnippet(line), source: 'document' };
      out.add('latitude', p.latitude, FROM_DOCUMENT, ev);
      out.add('longitude', p.longitude, FROM_DOCUMENT, ev);
      break;
    }
  }

  // BU written anywhere ("Aminoagro (BU2)").
  const bu = /(?<![a-z])bu\s*-?\s*\d/.exec(folded);
  if (bu) out.add('bu', parseBu(flat.slice(bu.index, bu.index + 8)), FROM_DOCUMENT, atOffset(layout, bu.index, bu.index + 5, 'document'));

  // Crop: mentions counted, the title and headings weigh more; a close second is ambiguous.
  const scores = new Map<string, { n: number; line: TextLine }>();
  lines.forEach((line, i) => {
    const f = fold(line.text);
    const weight = i < 6 || line.fontSize >= 12 ? 3 : 1;
    for (const crop of c.crops) {
      const n = countMatches(crop.re, f);
      if (n > 0) scores.set(crop.nome, { n: (scores.get(crop.nome)?.n ?? 0) + n * weight, line: scores.get(crop.nome)?.line ?? line });
    }
  });
  const crops = [...scores.entries()].sort((a, b) => b[1].n - a[1].n);
  const [firstCrop, secondCrop] = crops;
  if (firstCrop) {
    const clear = !secondCrop || firstCrop[1].n >= secondCrop[1].n * 2;
    out.add(
      'cultura',
      firstCrop[0],
      clear ? FROM_SENTENCE : 0.5,
      { page: firstCrop[1].line.page, snippet: lineSnippet(firstCrop[1].line), source: 'document' },
      clear ? undefined : `Cultura incerta: o documento cita ${crops.map((r) => r[0]).join(', ')}.`,
    );
  }

  // Brand: our brands' names and products are counted; a report that only names a competitor's
  // product (or says "produto concorrente") is the competitor's.
  const counts = c.brands
    .map((b) => ({
      nome: b.nome,
      n:
        countMatches(b.name, folded) +
        b.products.filter((p) => !key(p.nome).includes(key(b.nome))).reduce((s, p) => s + countMatches(p.re, folded), 0),
    }))
    .filter((b) => b.n > 0)
    .sort((a, b) => b.n - a.n);
  const [firstBrand, secondBrand] = counts;
  const made = firstBrand ? null : manufacturer(flat);
  if (firstBrand) {
    const clear = !secondBrand || firstBrand.n >= secondBrand.n * 2;
    out.add(
      'marca',
      firstBrand.nome,
      clear ? FROM_SENTENCE : 0.5,
      wherePhrase(layout, firstBrand.nome, 'document'),
      clear ? undefined : `Marca incerta: o documento cita ${counts.map((b) => b.nome).join(', ')}.`,
    );
  } else if (made) {
    // No brand of ours: the tested product's maker as the report names it, for the user to keep
    // or to map to a catalogue brand.
    out.add(
      'marca',
      made.nome,
      FROM_DOCUMENT,
      atOffset(layout, made.at, made.end, 'document'),
      `Marca fora do catálogo: o relatório cita “${made.nome}”. Escolha a marca cadastrada correspondente ou peça o cadastro a um administrador.`,
    );
  } else if (c.competitor) {
    const competitorSignals =
      countMatches(/produto(?:s)?\s+concorrente|concorrente/g, folded) +
      c.competitor.products.reduce((s, p) => s + countMatches(p.re, folded), 0);
    if (competitorSignals > 0) out.add('marca', c.competitor.nome, FROM_SENTENCE, wherePhrase(layout, 'concorrente', 'document'));
  }

  // A state named in full somewhere, when no place said which.
  const named = statesNamedIn(flat, c);
  if (named.length === 1 && named[0])
    out.add('estado', named[0].sigla, FROM_DOCUMENT - 0.1, wherePhrase(layout, named[0].nome, 'document'));

  // The year as a last resort: a lone year in the title lines.
  for (const line of lines.slice(0, 8)) {
    const y = parseYear(line.text);
    if (y !== null && y >= 2000 && y <= 2100) {
      out.add('ano', y, FROM_DOCUMENT - 0.1, { page: line.page, snippet: lineSnippet(line), source: 'document' });
      break;
    }
  }

  // The regional written as a phrase ("Regional MT BR 163") outside a label.
  if (!pairs.some((p) => p.field === 'regional')) {
    for (const r of c.regionals) {
      const m = new RegExp(`regional\\s+${phraseRegExp(r.nome, '').source}`).exec(folded);
      if (m) {
        out.add('regional', r.nome, FROM_SENTENCE, atOffset(layout, m.index, m.index + m[0].length, 'sentence'));
        break;
      }
    }
  }
}

/**
 * A labelled crop that is not on the form's list ("Cultura: SORGO GRANÍFERO", "amendoim"): its
 * first word, as written, so that the review shows what the report says instead of another crop
 * the text happens to mention. A brand, a number or a sentence is not a crop.
 */
function cropOffTheList(value: string, c: CompiledReference): string | undefined {
  const words = cleanValue(value).split(/\s+/);
  const first = words[0] ?? '';
  if (words.length > 4 || !/^[\p{L}-]{3,20}$/u.test(first)) return undefined;
  if (c.brands.some((b) => countMatches(b.name, fold(value)) > 0)) return undefined;
  return first.charAt(0).toUpperCase() + first.slice(1).toLowerCase();
}
