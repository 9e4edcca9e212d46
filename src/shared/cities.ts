/**
 * Brazilian city centres: a built-in table of municipal seats, looked up by name and state.
 * Domain data: the location check (geo.ts) and the browser's map and location picker use it.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** Geographic centre of Brazil; also where experiments with an unknown city end up. */
export const BRAZIL_CENTER: Readonly<LatLng> = Object.freeze({ lat: -14.235, lng: -51.9253 });

/** Accent-, case- and spacing-insensitive form used for every lookup. */
export function normalizeName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const UF_BY_STATE_NAME: Record<string, string> = {
  acre: 'AC',
  alagoas: 'AL',
  amapa: 'AP',
  amazonas: 'AM',
  bahia: 'BA',
  ceara: 'CE',
  'distrito federal': 'DF',
  'espirito santo': 'ES',
  goias: 'GO',
  maranhao: 'MA',
  'mato grosso': 'MT',
  'mato grosso do sul': 'MS',
  'minas gerais': 'MG',
  para: 'PA',
  paraiba: 'PB',
  parana: 'PR',
  pernambuco: 'PE',
  piaui: 'PI',
  'rio de janeiro': 'RJ',
  'rio grande do norte': 'RN',
  'rio grande do sul': 'RS',
  rondonia: 'RO',
  roraima: 'RR',
  'santa catarina': 'SC',
  'sao paulo': 'SP',
  sergipe: 'SE',
  tocantins: 'TO',
};
const UFS = new Set(Object.values(UF_BY_STATE_NAME));

/** "mt", " MT ", "Mato Grosso" → "MT"; anything else → "" (treated as a missing state). */
function normalizeUf(estado: string): string {
  const n = normalizeName(estado);
  const upper = n.toUpperCase();
  if (UFS.has(upper)) return upper;
  return UF_BY_STATE_NAME[n] ?? '';
}

/** Builds the table key, e.g. ("São Paulo", "sp") → "sao paulo|SP". */
export function cityKey(cidade: string, estado: string): string {
  return `${normalizeName(cidade)}|${normalizeUf(estado)}`;
}

// Municipal seats (approximate centres). Capitals plus the main farming towns where trials are run.
const CITIES: ReadonlyArray<readonly [cidade: string, uf: string, lat: number, lng: number]> = [
  ['São Paulo', 'SP', -23.5505, -46.6333],
  ['Brasília', 'DF', -15.7939, -47.8828],
  ['Curitiba', 'PR', -25.4284, -49.2733],
  ['Cuiabá', 'MT', -15.6014, -56.0979],
  ['Manaus', 'AM', -3.119, -60.0217],
  ['Goiânia', 'GO', -16.6869, -49.2648],
  ['Belo Horizonte', 'MG', -19.9167, -43.9345],
  ['Campo Grande', 'MS', -20.4697, -54.6201],
  ['Porto Alegre', 'RS', -30.0346, -51.2177],
  ['Salvador', 'BA', -12.9714, -38.5014],
  ['Sorriso', 'MT', -12.5425, -55.7211],
  ['Lucas do Rio Verde', 'MT', -13.0588, -55.9042],
  ['Sinop', 'MT', -11.8604, -55.5091],
  ['Rondonópolis', 'MT', -16.4673, -54.6372],
  ['Rio Verde', 'GO', -17.7923, -50.9192],
  ['Jataí', 'GO', -17.8814, -51.7144],
  ['Cascavel', 'PR', -24.9555, -53.4552],
  ['Londrina', 'PR', -23.3045, -51.1696],
  ['Uberaba', 'MG', -19.7472, -47.9381],
  ['Uberlândia', 'MG', -18.9186, -48.2772],
  ['Unaí', 'MG', -16.3592, -46.9064],
  ['Luís Eduardo Magalhães', 'BA', -12.0961, -45.7866],
  ['Barreiras', 'BA', -12.1439, -44.9968],
  ['Balsas', 'MA', -7.5325, -46.0356],
  ['Chapecó', 'SC', -27.1004, -52.6152],
  ['Petrolina', 'PE', -9.3891, -40.503],
  ['Dourados', 'MS', -22.2231, -54.812],
  ['Passo Fundo', 'RS', -28.262, -52.4064],
  ['Ribeirão Preto', 'SP', -21.1775, -47.8103],
];

const BY_KEY = new Map<string, LatLng>();
/** City name alone → centre, only for names that are unique in the table (so no wrong guesses). */
const BY_NAME = new Map<string, LatLng | null>();
for (const [cidade, uf, lat, lng] of CITIES) {
  const pos = Object.freeze({ lat, lng });
  BY_KEY.set(cityKey(cidade, uf), pos);
  const name = normalizeName(cidade);
  BY_NAME.set(name, BY_NAME.has(name) ? null : pos);
}

/** Number of cities in the built-in table. */
export const KNOWN_CITY_COUNT = CITIES.length;

/**
 * Centre of a known city, or null. Without a usable state, matches by name alone; also accepts
 * "Sorriso - MT" / "Sorriso/MT" in the city field, as typed in spreadsheets.
 */
export function cityCenter(cidade: string | null | undefined, estado?: string | null): LatLng | null {
  let city = cidade ?? '';
  let uf = normalizeUf(estado ?? '');
  if (!uf) {
    const m = /^(.*?)\s*[-/,]\s*([A-Za-z]{2})\s*$/.exec(city);
    if (m?.[1] && m[2] && UFS.has(m[2].toUpperCase())) {
      city = m[1];
      uf = m[2].toUpperCase();
    }
  }
  const name = normalizeName(city);
  if (!name) return null;
  if (uf) return BY_KEY.get(`${name}|${uf}`) ?? null;
  return BY_NAME.get(name) ?? null;
}
