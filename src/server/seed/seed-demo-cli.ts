/**
 * `npm run seed:demo -- --count N [--seed S] [--treatments T] [--products P] [--analyses A]`:
 * fills DATA_DIR's embedded database (or DATABASE_URL) with demo experiments.
 */
import { MAX_ANALYSES_PER_TREATMENT, MAX_PRODUCTS_PER_TREATMENT, MAX_TREATMENTS } from '../../shared/constants.js';
import { withMigratedDatabase } from '../db/cli.js';
import { openObjectStore } from '../modules/documents/public.js';
import { BULK_FROM, seedDemo } from './demo.js';

const USAGE =
  'Uso: npm run seed:demo -- [--count N] [--seed S] [--treatments T] [--products P] [--analyses A]\n' +
  `  --count       experimentos a criar, 1 a 1000000 (padrão 60; de ${BULK_FROM.toLocaleString('pt-BR')} em diante, carga em massa)\n` +
  `  --seed        semente dos dados, inteiro de 0 a 4294967295 (padrão 1)\n` +
  `  --treatments  tratamentos por experimento, 1 a ${MAX_TREATMENTS} (padrão 3 a 6)\n` +
  `  --products    produtos por tratamento, 0 a ${MAX_PRODUCTS_PER_TREATMENT} (padrão 1 a 3; testemunha sem produtos)\n` +
  `  --analyses    análises por tratamento, 0 a ${MAX_ANALYSES_PER_TREATMENT} (padrão 0 a 2)`;

/** Accepted options: name → [min, max, meaning for messages]. */
const OPTIONS = {
  count: [1, 1_000_000, 'número de experimentos'],
  seed: [0, 4_294_967_295, 'semente'],
  treatments: [1, MAX_TREATMENTS, 'número de tratamentos'],
  products: [0, MAX_PRODUCTS_PER_TREATMENT, 'número de produtos'],
  analyses: [0, MAX_ANALYSES_PER_TREATMENT, 'número de análises'],
} as const;
type OptionName = keyof typeof OPTIONS;

class UsageError extends Error {}

function parseArgs(argv: string[]): Partial<Record<OptionName, number>> {
  const out: Partial<Record<OptionName, number>> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    const name = match?.[1];
    if (!match || !name || !(name in OPTIONS)) throw new UsageError(`Opção desconhecida: ${arg}`);
    const key = name as OptionName;
    const [min, max, label] = OPTIONS[key];
    const raw = match[2] ?? (argv[i + 1]?.startsWith('--') ? undefined : argv[++i]);
    if (raw === undefined || raw.trim() === '') throw new UsageError(`Informe um valor para --${key} (${label}).`);
    const value = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
    if (!(value >= min && value <= max)) {
      throw new UsageError(`Valor inválido para --${key}: "${raw}" (${label} deve ser um número inteiro de ${min} a ${max}).`);
    }
    out[key] = value;
  }
  return out;
}

let args: Partial<Record<OptionName, number>>;
try {
  args = parseArgs(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof UsageError)) throw err;
  console.error(`${err.message}\n\n${USAGE}`);
  process.exit(2);
}

const count = args.count ?? 60;
const seed = args.seed ?? 1;
await withMigratedDatabase(async (database, applied, config) => {
  if (applied.length) console.log(`Migrações aplicadas (${database.kind}): ${applied.join(', ')}`);
  const plural = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;
  const forced = [
    args.treatments !== undefined ? plural(args.treatments, 'tratamento', 'tratamentos') : '',
    args.products !== undefined ? `${plural(args.products, 'produto', 'produtos')} por tratamento` : '',
    args.analyses !== undefined ? `${plural(args.analyses, 'análise', 'análises')} por tratamento` : '',
  ].filter(Boolean);
  console.log(
    `Criando ${plural(count, 'experimento', 'experimentos')} de demonstração (${database.kind}, semente ${seed}` +
      `${forced.length ? `, ${forced.join(', ')}` : ''})...`,
  );
  const started = performance.now();
  let lastStep = -1;
  const objects = config.documentObjects && (await openObjectStore(config.documentObjects));
  const result = await seedDemo(database.db, {
    count,
    seed,
    treatments: args.treatments,
    products: args.products,
    analyses: args.analyses,
    objects,
    onProgress: (done, total) => {
      // About twenty lines whatever the count.
      if (done < total && Math.floor((done * 20) / total) === lastStep) return;
      lastStep = Math.floor((done * 20) / total);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`  ${done.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} experimentos (${seconds} s)`);
    },
  });
  objects?.close?.();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${result.experiments === 1 ? '1 experimento criado' : `${result.experiments.toLocaleString('pt-BR')} experimentos criados`} em ${seconds} s.`,
  );
  console.log(`demo user: ${result.email} password: ${result.password}`);
});
