/**
 * The organisation that ran the trial (`consultoria`), not the people and companies around it.
 *
 * Sources, most trusted first: a label that names the executor ("Executora:", "Quem conduziu",
 * "Realização"); the letterhead (the first lines of the first page); "Responsável técnico –
 * <organisation>"; a sentence ("conduzido pela …"). Distractors are refused whatever their place:
 * the signing engineer (a person, a CREA number, an author's role), a laboratory, the client or sponsor (one of the
 * brands), an address, a document title.
 */
import type { Candidates } from './candidates.js';
import { labelField } from './labels.js';
import { lineSnippet, type Layout, snippetAround } from './layout.js';
import type { TextLine } from './pdf-text.js';
import { type CompiledReference, countMatches } from './reference.js';
import { cleanValue, fold, key, tidyCase } from './text.js';

/** Words an organisation's name carries (folded). */
const ORG_WORDS =
  /(?<![a-z])(consultoria|consultores|consulting|assessoria|pesquisa|pesquisas|research|agro[a-z]*|agricola|agricolas|rural|experimentacao|experimental|fundacao|nucleo|estudos|instituto|cooperativa|associacao|servicos|tecnologia|solucoes|ensaios|planejamento|agricultura|universidade|faculdade|escola superior|embrapa)(?![a-z])/;
/** Names of institutions that are written out after their acronym. */
const INSTITUTION = /^(cooperativa|fundacao|instituto|associacao|nucleo|centro|universidade|empresa)(?![a-z])/;
/** Legal suffixes: the name of a company for certain. */
const LEGAL_SUFFIX = /(?<![a-z])(ltda|s\.?\s?a\.?|s\/a|eireli|me|epp)\.?\s*$/;
/** What an organisation's name never is. */
const NOT_ORG =
  /(?<![a-z])(laboratorio|lab\.|relatorio|boletim|informe|informativo|comunicado|circular|revista|anais|journal|nota tecnica|nota|card|resultado|resultados|avaliacao|protocolo|dia de campo|ensaio de|emitido|revisao|pagina|cnpj|cpf|crea|eng\.|engenheir|agr\.|dr\.|dra\.|prof\.|rua|av\.|avenida|rodovia|telefone|tel\.|e-mail|www|http|cep|academic[oa]|mestrand[oa]|doutorand[oa]|graduand[oa]|estudante|bolsista|professor|professora|pesquisador|pesquisadora)(?![a-z])/;
/** Labels that name the organisation that ran the trial (folded, punctuation dropped); a person after them is refused. */
const EXECUTOR_LABEL =
  /^((ensaio|experimento|trabalho|estudo|protocolo) )?(executora|executor|execucao|executado|quem conduziu|conduzido|conducao|realizacao|realizado|instituicao|empresa|consultoria|consultora|consultor|elaborado por|elaboracao)( |$)/;
/** "Responsável técnico – <organisation>": the line under a signature. */
const RESPONSIBLE = /^respons[aá]vel(?:\s+t[eé]cnic[oa])?\s*[:–—-]\s*/i;

/** Lower-case words that stay inside a name ("Pesquisa em Arroz Irrigado", "Vale do Itapocu"). */
const CONNECTORS = new Set(['de', 'da', 'do', 'das', 'dos', 'e', 'em', '&', 'à', 'ao', 'aos', 'às']);

/**
 * Cuts a phrase where the name ends: at the first lower-case word that is not a connector
 * ("Campos Gerais Pesquisa na estação …" → "Campos Gerais Pesquisa"), connectors at the end dropped.
 */
export function nameOnly(phrase: string): string {
  let words = phrase.trim().split(/\s+/);
  // Two or more words in capitals, then a name in mixed case ("EMPRESA EXECUTORA Serra Verde Ltda."): the
  // capitals are a label (one capital word is an acronym of the name: "SVPA Serra Verde").
  const firstMixed = words.findIndex((w) => /^[A-ZÀ-Ý][a-zà-ÿ]/.test(w));
  if (firstMixed > 1 && words.slice(0, firstMixed).every((w) => w.length > 1 && w === w.toUpperCase() && /[A-ZÀ-Ý]{2}/.test(w)))
    words = words.slice(firstMixed);
  const kept: string[] = [];
  const allCaps = words.join(' ') === words.join(' ').toUpperCase();
  for (const w of words) {
    if (!allCaps && /^[a-zà-ÿ]/.test(w) && !CONNECTORS.has(w)) break;
    kept.push(w);
  }
  // A label run into the name's cell ("… Consultoria Marca" before the brand) is not the name's.
  for (let n = Math.min(3, kept.length - 2); n >= 1; n--) {
    const field = labelField(kept.slice(kept.length - n).join(' '));
    if (field !== null && field !== 'consultoria') {
      kept.splice(kept.length - n);
      break;
    }
  }
  while (kept.length > 0 && CONNECTORS.has((kept[kept.length - 1] ?? '').toLowerCase())) kept.pop();
  return kept.join(' ');
}

/** Splits a line into the phrases a letterhead puts side by side ("Name · address · phone", "Label: name"). */
function phrases(text: string): string[] {
  return (
    text
      // …and at the full stop after an acronym in parentheses, before the next sentence ("(UFSM). Mestrando do …").
      // A federal institute's name holds a comma ("Instituto Federal de Educação, Ciência e Tecnologia Baiano").
      .split(
        /\s+[·•|–—]\s+|\s{3,}|\t|\s[-]\s|\s*[·•|:;]\s*|\s*,(?!\s*(?:ci[eê]ncia|CI[EÊ]NCIA)\s+[eE]\s+(?:tecnologia|TECNOLOGIA))\s*|\s*\.{3,}\s*|\s*…+\s*|(?<=\))\.\s+(?=\p{Lu}\p{Ll}{2,})/u,
      )
      // A footnote mark before an affiliation ("¹Serra …", "* Serra …"); a remark in parentheses
      // after the name ("(Sinop/MT)", "(NECA/UESGO)"); an acronym drawn against its name
      // ("COOPERVAMCooperativa …") or before a name that says what it is ("FAPAP Fundação …").
      .map((p) =>
        nameOnly(
          cleanValue(
            p
              .replace(/^[\s¹²³⁴⁵⁶⁷⁸⁹⁰*†‡]+/, '')
              .replace(/\s*\([^)]*\)/g, ' ')
              // The institution, not its department ("Departamento de Fitotecnia da Universidade …").
              .replace(
                /^(?:departamento|setor|n[uú]cleo|programa)\s.+?\s(?:d[oa])\s+(?=(?:Universidade|Instituto|Escola|Faculdade|Embrapa|Fundação)\b)/i,
                '',
              )
              .replace(/(?<![\p{L}])(\p{Lu}{2,})(?=\p{Lu}\p{Ll})/gu, '$1 ')
              // An institution spelled out after its acronym ("FAPAP Fundação de Apoio …").
              .replace(/^(\p{Lu})\p{Lu}+\s+(?=(\p{Lu})\p{Ll})/u, (acronym, first: string, initial: string, at: number, whole: string) =>
                first === initial && INSTITUTION.test(fold(whole.slice(acronym.length))) ? '' : acronym,
              ),
          ),
        ),
      )
      .filter(Boolean)
  );
}

/**
 * How much a phrase looks like the name of an organisation (0 when it is not one): a legal suffix
 * or an organisation word, two to ten words, no digits, not a person, a lab, a brand or a title.
 */
export function organizationScore(phrase: string, c: CompiledReference): number {
  const f = fold(phrase).trim();
  const words = phrase.trim().split(/\s+/);
  if (words.length < 2 || words.length > 10 || phrase.length > 90) return 0;
  if (/\d/.test(phrase) || /@/.test(phrase)) return 0;
  if (NOT_ORG.test(f)) return 0;
  // A brand (the client or sponsor) or a product is not who ran the trial.
  if (c.brands.some((b) => countMatches(b.name, f) > 0)) return 0;
  // Names capitalise their words (or are written in capitals).
  const capitalised = words.filter((w) => /^[A-ZÀ-Ý]/.test(w)).length;
  if (capitalised < Math.ceil(words.length / 2)) return 0;
  const suffix = LEGAL_SUFFIX.test(f);
  const word = ORG_WORDS.test(f);
  if (!suffix && !word) return 0;
  return (suffix ? 0.5 : 0) + (word ? 0.4 : 0) + (suffix && word ? 0.1 : 0);
}

/** The best organisation phrase in a text, with its score. */
function bestPhrase(text: string, c: CompiledReference): { name: string; score: number } | null {
  let best: { name: string; score: number } | null = null;
  for (const p of phrases(text)) {
    const score = organizationScore(p, c);
    // cleanValue takes a sentence's full stop; an abbreviation keeps its own.
    if (score > 0 && (!best || score > best.score)) best = { name: tidyCase(p).replace(/(?<![A-Za-zÀ-ÿ])(Ltda|S\.A|Cia)$/i, '$1.'), score };
  }
  return best;
}

/** A line's cell under `cell` on one of the next two lines (a label above its value). */
function cellBelow(lines: readonly TextLine[], index: number, cellX: number, cellRight: number): string | null {
  const line = lines[index] as TextLine;
  for (let j = index + 1; j <= index + 2 && j < lines.length; j++) {
    const below = lines[j] as TextLine;
    if (below.page !== line.page) return null;
    const under = below.cells.find((v) => Math.min(v.right, cellRight + 40) - Math.max(v.x, cellX - 6) > 0 && v.x < cellRight);
    if (under) return under.text;
  }
  return null;
}

export function readOrganization(layout: Layout, c: CompiledReference, out: Candidates): void {
  const { lines } = layout;
  lines.forEach((line, index) => {
    line.cells.forEach((cell, ci) => {
      // "Executora: X" in one cell, "Executora | X" in two, or the label above its value.
      const colon = /^([^:]{3,40}):\s*(.*)$/.exec(cell.text);
      const label = key(colon ? (colon[1] ?? '') : (cell.text.split(/\s*\.{3,}|…/)[0] ?? ''));
      if (EXECUTOR_LABEL.test(label) && label.split(' ').length <= 4) {
        // The value after the colon, in the next cell, or under the label (a header row of labels).
        const found = [(colon?.[2] ?? '').trim(), line.cells[ci + 1]?.text ?? '', cellBelow(lines, index, cell.x, cell.right) ?? '']
          .map((v) => bestPhrase(v, c))
          .find((f) => f !== null);
        if (found)
          out.add('consultoria', found.name, 0.9 + found.score / 10, { page: line.page, snippet: lineSnippet(line), source: 'label' });
        return;
      }
      const responsible = RESPONSIBLE.exec(cell.text);
      if (responsible) {
        const found = bestPhrase(cell.text.slice(responsible[0].length), c);
        if (found)
          out.add('consultoria', found.name, 0.72 + found.score / 10, { page: line.page, snippet: lineSnippet(line), source: 'label' });
      }
    });
  });

  // The letterhead: the first lines of the first page; the earlier and larger, the likelier.
  const sizes = layout.letterhead.map((l) => l.fontSize);
  const largest = Math.max(0, ...sizes);
  const letterheadNames = new Set<string>();
  layout.letterhead.forEach((line, i) => {
    const next = layout.letterhead[i + 1];
    for (const cell of line.cells) {
      // A name set large over what it does ("PLANALTO GAÚCHO" over "Pesquisa Agronômica"), or
      // wrapped before a connector ("… Fundação de Apoio" then "à Pesquisa do …"): one name.
      const below = next?.cells.find((n) => Math.abs(n.x - cell.x) < 12 || Math.abs((n.x + n.right) / 2 - (cell.x + cell.right) / 2) < 12);
      const head = cell.text.trim();
      const short = /^[\p{Lu}\d&' -]{2,30}$/u.test(head) && head.split(/\s+/).length <= 3 && !ORG_WORDS.test(fold(head));
      const under = below && next?.page === line.page ? below.text.trim() : '';
      const activity = short && ORG_WORDS.test(fold(under.split(/\s+/)[0] ?? '')) ? bestPhrase(under, c) : null;
      const joined = activity
        ? { name: `${tidyCase(head)} ${activity.name}`, score: activity.score }
        : /^(à|às|ao|aos|de|da|do|das|dos|e|em)\s+\p{Lu}/u.test(under)
          ? bestPhrase(`${head} ${under}`, c)
          : null;
      const found = joined ?? bestPhrase(cell.text, c);
      if (!found) continue;
      letterheadNames.add(found.name);
      const prominence = (line.fontSize >= largest ? 0.04 : 0) - i * 0.01;
      out.add('consultoria', found.name, 0.78 + found.score / 10 + prominence, {
        page: line.page,
        snippet: lineSnippet(line),
        source: 'document',
      });
    }
  });

  // A company named with its legal suffix anywhere (a signature, a footer, an affiliation).
  const legal =
    /(?<![\p{L}.])((?:[\p{Lu}][\p{L}&'’-][\p{L}&'’.-]*\s+(?:(?:de|da|do|das|dos|e|em)\s+)?){1,8})(Ltda\.?|LTDA\.?|S\.\s?A\.|S\/A|EIRELI)(?![\p{L}])/gu;
  for (const m of layout.flat.matchAll(legal)) {
    const found = bestPhrase(`${m[1] ?? ''}${m[2] ?? ''}`, c);
    const at = m.index ?? 0;
    if (found) out.add('consultoria', found.name, 0.66 + found.score / 10, atEvidence(layout, at, at + m[0].length, 'document'));
  }

  // "O ensaio foi conduzido pela X", "realizado por X".
  const verb =
    /(?:conduzid[oa]s?|realizad[oa]s?|executad[oa]s?|instalad[oa]s?|desenvolvid[oa]s?|elaborad[oa]s?|coordenad[oa]s?)\s+(?:pel[oa]|por)\s+/g;
  for (const m of layout.flat.matchAll(verb)) {
    const at = (m.index ?? 0) + m[0].length;
    const rest = layout.flat.slice(at, at + 100).split(/[,;.(]\s|\s{3}/)[0] ?? '';
    const found = bestPhrase(rest, c);
    if (found) out.add('consultoria', found.name, 0.75 + found.score / 10, atEvidence(layout, m.index ?? 0, at + rest.length, 'sentence'));
  }
  // Articles and theses: "(conduzido) na área experimental da X", the university, institute or Embrapa
  // unit whose field it was; and on the first page the authors' affiliations ("Universidade …, Faculdade …").
  const field = /(?:área|campo|estação|fazenda|setor|unidade)\s+experimenta(?:l|is)\s+(?:d[oa]s?)\s+/gi;
  for (const m of layout.flat.matchAll(field)) {
    const at = (m.index ?? 0) + m[0].length;
    const rest = layout.flat.slice(at, at + 120).split(/[,;.(]\s|\s{3}/)[0] ?? '';
    const found = bestPhrase(rest, c);
    if (found && INSTITUTION_IN.test(fold(found.name)))
      out.add('consultoria', found.name, 0.72 + found.score / 10, atEvidence(layout, m.index ?? 0, at + rest.length, 'sentence'));
  }
  for (const line of lines.filter((l) => l.page === 1)) {
    for (const phrase of phrases(line.text)) {
      if (!INSTITUTION_AT.test(fold(phrase))) continue;
      const score = organizationScore(phrase, c);
      if (score > 0)
        out.add('consultoria', tidyCase(phrase), 0.68 + score / 10, { page: line.page, snippet: lineSnippet(line), source: 'document' });
    }
  }
  preferFullerNames(out, letterheadNames);
}

/** A university, an institute, Embrapa or a foundation: who runs the trials articles report (folded). */
const INSTITUTION_IN = /(?<![a-z])(universidade|instituto|embrapa|fundacao|escola superior)(?![a-z])/;
/** A phrase that is such an institution's name (an affiliation: "Universidade Federal de …", "Embrapa Soja"). */
const INSTITUTION_AT = /^(universidade|instituto|embrapa|fundacao|escola superior)(?![a-z])/;

function atEvidence(layout: Layout, start: number, end: number, source: 'document' | 'sentence') {
  return { page: layout.pageAt(start), snippet: snippetAround(layout.flat, start, end), source };
}

/**
 * A name cut short ("Agroconsultoria Ltda." under a wrapped letterhead) takes the fuller name
 * another source gave ("Rio Corrente Agroconsultoria Ltda."), keeping its own score. A label's value
 * (a grid cell may wrap it too) is completed only by the letterhead's name: a phrase found in the
 * running text may carry words of a neighbouring heading.
 */
export function preferFullerNames(out: Candidates, letterhead: ReadonlySet<string>): void {
  const orgs = out.list.filter((c) => c.field === 'consultoria');
  // The legal suffix aside: "VSF Consultoria em Fruticultura Ltda" completes "Consultoria em Fruticultura".
  const bare = (v: string) => key(v.replace(/\.$/, '')).replace(/\s(ltda|s a|sa|eireli|me|epp)$/, '');
  for (const cand of orgs) {
    const k = bare(String(cand.value));
    const fuller = orgs
      .map((o) => String(o.value))
      .filter((v) => cand.evidence.source !== 'label' || letterhead.has(v))
      .filter((v) => {
        const fk = bare(v);
        return fk.length > k.length && fk.endsWith(` ${k}`) && fk.split(' ').length - k.split(' ').length <= 3;
      })
      .sort((a, b) => b.length - a.length)[0];
    if (fuller) cand.value = fuller;
  }
}
