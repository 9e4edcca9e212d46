/**
 * The reference lists (brands and their products, regionals, states, crops) compiled into
 * matchers over folded text. The caller loads the lists from the database; compiling is cached
 * per lists object, so a server that reuses one object pays it once.
 */
import { escapeRegExp, fold, key } from './text.js';

export interface ReferenceData {
  marcas: string[];
  produtosPorMarca: Record<string, string[]>;
  regionais: { nome: string; sigla: string }[];
  estados: { nome: string; sigla: string }[];
  culturas: string[];
}

export interface Place {
  nome: string;
  sigla: string;
}

interface NamedPattern {
  nome: string;
  re: RegExp;
}

export interface CompiledReference {
  ref: ReferenceData;
  /** Brands other than the competitor bucket, each with its name and catalogue products. */
  brands: { nome: string; name: RegExp; products: NamedPattern[] }[];
  /** The brand that stands for "a competitor's product" ("Concorrente"), if listed. */
  competitor: { nome: string; products: NamedPattern[] } | null;
  /** Every catalogue product (longest first), to take product names out of other matching. */
  allProducts: NamedPattern[];
  crops: { nome: string; re: RegExp }[];
  states: Place[];
  /** State names, longest first ("Mato Grosso do Sul" before "Mato Grosso"). */
  stateNames: { place: Place; re: RegExp }[];
  regionals: { nome: string; sigla: string; states: string[] }[];
}

/** Matches a folded phrase as whole words, tolerant to the spacing and hyphens between words. */
export function phraseRegExp(phrase: string, flags = 'g'): RegExp {
  const words = key(phrase).split(' ').filter(Boolean).map(escapeRegExp);
  return new RegExp(`(?<![a-z0-9])${words.join('[\\s\\-/]*')}(?![a-z0-9])`, flags);
}

/**
 * Other names of the crops as reports write them (the plant, the crop's field, a cane cycle).
 * Keys are folded crop names; crops not listed match by their own name.
 */
const CROP_ALIASES: Record<string, string[]> = {
  algodao: ['algodoeiro', 'algodoeiros', 'cotonicultura'],
  feijao: ['feijoeiro', 'feijoeiros'],
  'cana de acucar': ['cana', 'canavial', 'cana planta', 'cana soca'],
  cafe: ['cafeeiro', 'cafeeiros', 'cafezal', 'cafeicultura'],
  uva: ['videira', 'videiras', 'vinhedo', 'viticultura', 'uvas'],
  manga: ['mangueiras', 'mangicultura'],
  banana: ['bananeira', 'bananeiras', 'bananicultura'],
  soja: ['sojicultura'],
  batata: ['batatas', 'bataticultura'],
};

/**
 * Brazil's macro-regions: a regional named after one ("Nordeste") covers its states. The
 * regional names of the reference list otherwise carry their states' codes ("PR SC PY").
 */
const MACRO_REGIONS: Record<string, string[]> = {
  nordeste: ['MA', 'PI', 'CE', 'RN', 'PB', 'PE', 'AL', 'SE', 'BA'],
  norte: ['AC', 'AP', 'AM', 'PA', 'RO', 'RR', 'TO'],
  sul: ['PR', 'SC', 'RS'],
  sudeste: ['SP', 'RJ', 'MG', 'ES'],
  'centro oeste': ['MT', 'MS', 'GO', 'DF'],
};

const cache = new WeakMap<ReferenceData, CompiledReference>();

export function compileReference(ref: ReferenceData): CompiledReference {
  const hit = cache.get(ref);
  if (hit) return hit;
  const productPatterns = (nomes: readonly string[] | undefined) =>
    (nomes ?? []).filter((n) => key(n)).map((nome) => ({ nome, re: phraseRegExp(nome) }));
  const competitorName = ref.marcas.find((m) => key(m) === 'concorrente') ?? null;
  const brands = ref.marcas
    .filter((m) => m !== competitorName && key(m))
    .map((nome) => ({ nome, name: phraseRegExp(nome), products: productPatterns(ref.produtosPorMarca[nome]) }));
  const competitor = competitorName ? { nome: competitorName, products: productPatterns(ref.produtosPorMarca[competitorName]) } : null;
  const allProducts = Object.values(ref.produtosPorMarca)
    .flat()
    .filter((n) => key(n))
    .sort((a, b) => b.length - a.length)
    .map((nome) => ({ nome, re: phraseRegExp(nome) }));

  const crops = ref.culturas.map((nome) => {
    const k = key(nome);
    const names = [k, ...(CROP_ALIASES[k] ?? [])].sort((a, b) => b.length - a.length);
    const alternatives = names.map((n) => n.split(' ').map(escapeRegExp).join('[\\s\\-]*'));
    // "batata-doce" is another crop than "batata".
    return { nome, re: new RegExp(`(?<![a-z0-9])(?:${alternatives.join('|')})(?![a-z0-9])(?![\\s-]*doce)`, 'g') };
  });

  const states = ref.estados.map((e) => ({ nome: e.nome, sigla: e.sigla.toUpperCase() }));
  const stateNames = [...states].sort((a, b) => b.nome.length - a.nome.length).map((place) => ({ place, re: phraseRegExp(place.nome) }));
  const siglas = new Set(states.map((s) => s.sigla));
  const regionals = ref.regionais.map((r) => {
    const covered = new Set<string>();
    for (const token of `${r.nome} ${r.sigla}`.split(/[^A-Za-z]+/))
      if (token.length === 2 && token === token.toUpperCase() && siglas.has(token)) covered.add(token);
    const k = key(r.nome);
    for (const [macro, ufs] of Object.entries(MACRO_REGIONS))
      if (k === macro || k.split(' ').includes(macro)) ufs.forEach((u) => covered.add(u));
    return { nome: r.nome, sigla: r.sigla, states: [...covered] };
  });

  const compiled: CompiledReference = { ref, brands, competitor, allProducts, crops, states, stateNames, regionals };
  cache.set(ref, compiled);
  return compiled;
}

/** Counts matches of a global regexp in a text. */
export function countMatches(re: RegExp, text: string): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text)) n++;
  re.lastIndex = 0;
  return n;
}

/** The state a text names: its code alone ("GO") or its name ("Goiás"). */
export function matchState(text: string, c: CompiledReference): Place | null {
  const trimmed = text.trim();
  const upper = trimmed.toUpperCase();
  const bySigla = c.states.find((s) => s.sigla === upper);
  if (bySigla) return bySigla;
  const k = key(trimmed);
  return c.states.find((s) => key(s.nome) === k) ?? null;
}

/** The regional a text names, by name or code, ignoring case, accents and punctuation. */
export function matchRegional(text: string, c: CompiledReference): { nome: string } | null {
  const k = key(text).replace(/\s+/g, '');
  if (!k) return null;
  const exact = c.regionals.find((r) => key(r.nome).replace(/\s+/g, '') === k || key(r.sigla).replace(/\s+/g, '') === k);
  if (exact) return exact;
  // "MT Oeste" for "MT Oeste/RO/AC": a unique regional whose name starts with the text.
  const prefix = c.regionals.filter((r) => k.length >= 4 && key(r.nome).replace(/\s+/g, '').startsWith(k));
  return prefix.length === 1 ? (prefix[0] ?? null) : null;
}

/** The regionals that cover a state (several means the state alone cannot decide). */
export function regionalsOfState(sigla: string, c: CompiledReference): string[] {
  return c.regionals.filter((r) => r.states.includes(sigla)).map((r) => r.nome);
}

/** The crop a short text names (a label's value), or null. */
export function matchCrop(text: string, c: CompiledReference): string | null {
  const f = fold(text);
  let best: { nome: string; at: number } | null = null;
  for (const crop of c.crops) {
    crop.re.lastIndex = 0;
    const m = crop.re.exec(f);
    crop.re.lastIndex = 0;
    if (m && (!best || m.index < best.at)) best = { nome: crop.nome, at: m.index };
  }
  return best?.nome ?? null;
}
