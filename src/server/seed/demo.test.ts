import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_UNITS, MODALIDADES, TIPOS_ESTATISTICA } from '../../shared/constants.js';
import { experimentInputSchema } from '../../shared/experiment.js';
import { queryRows } from '../db/client.js';
import { users } from '../db/schema.js';
import { verifyPassword } from '../modules/auth/public.js';
import { createTestDatabase, testEngine, type TestDatabase } from '../test/database.js';
import {
  DEMO_ANCHOR,
  type DemoExperiment,
  generateDemoExperiments,
  MUNICIPIOS,
  PRECO_SACA,
  PRODUTIVIDADE,
  type ReferenceData,
} from './demo-data.js';
import { DEMO_EMAIL, DEMO_PASSWORD, SHARED_REPORTS, formatBr, loadReferenceData, seedDemo } from './demo.js';
import { FileObjectStore } from '../modules/documents/public.js';
import { computedRollup } from '../modules/experiments/public.js';

describe(`seedDemo on ${testEngine().kind}`, () => {
  let t: TestDatabase;
  let ref: ReferenceData;
  let result: Awaited<ReturnType<typeof seedDemo>>;

  beforeAll(async () => {
    t = await createTestDatabase();
    ref = await loadReferenceData(t.database.db);
    result = await seedDemo(t.database.db, { count: 30, seed: 7 });
  });
  afterAll(async () => {
    await t.database.close();
    await t.drop();
  });

  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

  it('creates the experiments, owned by the demo user, an admin of the empty database', async () => {
    expect(result).toEqual({ email: DEMO_EMAIL, password: DEMO_PASSWORD, experiments: 30 });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    expect(user?.role).toBe('admin');
    expect(await verifyPassword(user?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    const owned = await rows<{ n: number; owners: number; v: number }>(
      sql`select count(*)::int as n, count(distinct owner_id)::int as owners, max(version)::int as v from experiments where owner_id = ${user?.id}`,
    );
    expect(owned[0]).toEqual({ n: 30, owners: 1, v: 1 });
  });

  it('attaches one real PDF report per experiment, named in pdf_filename', async () => {
    const docs = await rows<{
      experiment_id: number;
      filename: string;
      size: number;
      sha256: string;
      content: Uint8Array;
      pdf_filename: string;
      uploaded_by: string;
      consultoria: string;
      cidade: string;
      estado: string;
      testemunha: number;
    }>(
      sql`select d.experiment_id, d.filename, d.size, d.sha256, d.content, d.uploaded_by, e.pdf_filename, e.consultoria,
                 e.cidade, e.estado, t.produtividade as testemunha
          from documents d join experiments e on e.id = d.experiment_id
          join treatments t on t.experiment_id = e.id and t.position = 0
          order by d.experiment_id`,
    );
    expect(docs).toHaveLength(30);
    expect(new Set(docs.map((d) => d.experiment_id)).size).toBe(30);
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
    for (const d of docs) {
      const content = Buffer.from(d.content);
      expect(content.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
      expect(content.subarray(-6).toString('latin1')).toBe('%%EOF\n');
      const text = content.toString('latin1');
      expect(text).toContain('(Relat\xf3rio de Experimento de Campo)');
      // WinAnsi bytes read as latin1 are the original accented characters.
      expect(text).toContain(`(${d.cidade}/${d.estado})`);
      // The control's yield in Brazilian format, e.g. "3.456,7 kg/ha".
      expect(text).toContain(`(${formatBr(d.testemunha, 1)} kg/ha)`);
      expect(d.size).toBe(content.length);
      expect(d.sha256).toBe(createHash('sha256').update(content).digest('hex'));
      expect(d.filename).toBe(d.pdf_filename);
      expect(d.filename).toMatch(/^relatorio-[a-z0-9]+(-[a-z0-9]+)*-20\d\d-\d+\.pdf$/);
      expect(d.filename).toContain(
        d.consultoria
          .toLowerCase()
          .split(' ')[0]
          ?.normalize('NFD')
          .replace(/[\u0300-\u036f]/g, ''),
      );
      expect(d.uploaded_by).toBe(user?.id);
    }
  });

  it('stores produtividade_media as the mean of the treatments and costs as the sum of the products', async () => {
    const means = await rows<{ id: number; media: number; calc: number; n: number }>(
      sql`select e.id, e.produtividade_media as media, avg(t.produtividade) as calc, count(*)::int as n
          from experiments e join treatments t on t.experiment_id = e.id group by e.id`,
    );
    expect(means).toHaveLength(30);
    for (const m of means) {
      expect(m.n).toBeGreaterThanOrEqual(3);
      expect(m.n).toBeLessThanOrEqual(6);
      expect(m.media).toBeCloseTo(Number(m.calc), 6);
    }
    const costs = await rows<{ position: number; nome: string; custo: number; soma: number | null; produtos: number }>(
      sql`select t.position, t.nome, t.custo, sum(p.custo) as soma, count(p.id)::int as produtos
          from treatments t left join applied_products p on p.treatment_id = t.id group by t.id`,
    );
    for (const c of costs) {
      expect(c.custo).toBeCloseTo(Number(c.soma ?? 0), 6);
      if (c.position === 0) {
        expect(c.nome).toBe('Testemunha');
        expect(c.produtos).toBe(0);
        expect(c.custo).toBe(0);
      } else {
        expect(c.produtos).toBeGreaterThanOrEqual(1);
        expect(c.produtos).toBeLessThanOrEqual(3);
      }
    }
    // Children carry their treatment's experiment and contiguous positions.
    const mismatched = await rows<{ n: number }>(
      sql`select (select count(*) from applied_products p join treatments t on t.id = p.treatment_id where p.experiment_id <> t.experiment_id)
            + (select count(*) from additional_analyses a join treatments t on t.id = a.treatment_id where a.experiment_id <> t.experiment_id) as n`,
    );
    expect(Number(mismatched[0]?.n)).toBe(0);
    const gaps = await rows<{ n: number }>(
      sql`select count(*)::int as n from (select experiment_id, max(position) as mx, count(*) as c from treatments group by experiment_id) s where mx + 1 <> c`,
    );
    expect(gaps[0]?.n).toBe(0);
  });

  it('uses valid reference data and plausible values', async () => {
    // The rows hold what the generator produced (the date may come back as text).
    const exps = await rows<Omit<DemoExperiment, 'tratamentos' | 'created_at'> & { created_at: Date | string }>(
      sql`select * from experiments`,
    );
    for (const e of exps) {
      expect(ref.marcas).toContain(e.marca);
      expect(ref.regionais).toContain(e.regional);
      expect(ref.culturas).toContain(e.cultura);
      expect(ref.estados).toContain(e.estado);
      expect(MUNICIPIOS.some((m) => m.cidade === e.cidade && m.uf === e.estado && m.regional === e.regional)).toBe(true);
      expect(BUSINESS_UNITS).toContain(e.bu);
      expect(TIPOS_ESTATISTICA).toContain(e.tipo_estatistica);
      expect(e.teor_argila).toBeGreaterThanOrEqual(10);
      expect(e.teor_argila).toBeLessThanOrEqual(65);
      expect(e.teor_materia_organica).toBeGreaterThanOrEqual(1);
      expect(e.teor_materia_organica).toBeLessThanOrEqual(5.5);
      expect(e.ano).toBeGreaterThanOrEqual(2020);
      expect(e.ano).toBeLessThanOrEqual(2026);
      expect(e.custo_protocolo).toBeGreaterThanOrEqual(2000);
      expect(e.custo_protocolo).toBeLessThanOrEqual(15000);
      if (e.roi !== null) expect(e.roi).toBeGreaterThanOrEqual(50_000);
      expect((e.latitude === null) === (e.longitude === null)).toBe(true);
      const created = new Date(e.created_at).getTime();
      expect(created).toBeLessThan(DEMO_ANCHOR.getTime());
      expect(created).toBeGreaterThan(DEMO_ANCHOR.getTime() - 3 * 366 * 86_400_000);
    }
    // Every product comes from its experiment's brand catalogue.
    const foreign = await rows<{ n: number }>(
      sql`select count(*)::int as n from applied_products p join experiments e on e.id = p.experiment_id
          where not exists (select 1 from produtos c where c.marca = e.marca and c.nome = p.nome)`,
    );
    expect(foreign[0]?.n).toBe(0);
    const modalidades = await rows<{ modalidade: string }>(sql`select distinct modalidade from treatments`);
    for (const m of modalidades) expect(MODALIDADES).toContain(m.modalidade);
  });

  it('inserts exactly what the generator yields for the seed, and the same seed yields the same data', async () => {
    const a = generateDemoExperiments(ref, { count: 30, seed: 7 });
    const b = generateDemoExperiments(ref, { count: 30, seed: 7 });
    expect(b).toEqual(a);
    expect(generateDemoExperiments(ref, { count: 30, seed: 8 })).not.toEqual(a);
    const stored = await rows<{ consultoria: string; cidade: string; produtividade_media: number; created_at: Date | string }>(
      sql`select consultoria, cidade, produtividade_media, created_at from experiments order by id`,
    );
    expect(stored.map((s) => [s.consultoria, s.cidade, s.produtividade_media, new Date(s.created_at).toISOString()])).toEqual(
      a.map((e) => [e.consultoria, e.cidade, e.produtividade_media, e.created_at.toISOString()]),
    );
  });

  it('writes as the API does: plot yields, bag price and the analysis summary', async () => {
    const stored = await rows<{
      preco_saca: number | null;
      analise_cv: number | null;
      com_repeticoes: number;
      tratamentos: number;
      json: string;
    }>(
      sql`select e.preco_saca, e.analise_cv, e.tratamentos_json as json,
            (select count(*)::int from treatments t where t.experiment_id = e.id and t.repeticoes is not null) as com_repeticoes,
            (select count(*)::int from treatments t where t.experiment_id = e.id) as tratamentos
          from experiments e`,
    );
    const withPlots = stored.filter((e) => e.com_repeticoes > 0);
    expect(withPlots.length).toBeGreaterThan(0);
    expect(withPlots.length).toBeLessThan(stored.length);
    for (const e of stored) {
      // All treatments of an experiment or none; the summary exactly when there are plots.
      expect([0, e.tratamentos]).toContain(e.com_repeticoes);
      expect(e.analise_cv !== null).toBe(e.com_repeticoes > 0);
      if (e.preco_saca !== null) expect(e.com_repeticoes).toBeGreaterThan(0);
      expect(JSON.parse(e.json).some((t: { repeticoes?: number[] }) => t.repeticoes)).toBe(e.com_repeticoes > 0);
    }
    expect(stored.some((e) => e.preco_saca !== null)).toBe(true);
  });

  it('reuses the demo user when run again', async () => {
    const again = await seedDemo(t.database.db, { count: 4, seed: 99 });
    expect(again.experiments).toBe(4);
    const demo = await t.database.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    expect(demo).toHaveLength(1);
    const total = await rows<{ n: number; owners: number }>(
      sql`select count(*)::int as n, count(distinct owner_id)::int as owners from experiments`,
    );
    expect(total[0]).toEqual({ n: 34, owners: 1 });
  });
});

describe('forced counts', () => {
  it('give every experiment exactly 5 treatments of 2 products and 1 analysis, control included', async () => {
    const t = await createTestDatabase();
    try {
      const db = t.database.db;
      // Someone already uses this database: the demo account is then a consultant.
      await db.insert(users).values({ name: 'Outra Pessoa', email: 'outra@exemplo.com.br', passwordHash: 'x' });
      await seedDemo(db, { count: 12, seed: 3, treatments: 5, products: 2, analyses: 1 });
      const [demo] = await db.select().from(users).where(eq(users.email, DEMO_EMAIL));
      expect(demo?.role).toBe('consultor');
      const perExperiment = await queryRows<{ treatments: number }>(
        db,
        sql`select count(*)::int as treatments from treatments group by experiment_id`,
      );
      expect(perExperiment).toHaveLength(12);
      expect(perExperiment.every((r) => r.treatments === 5)).toBe(true);
      const perTreatment = await queryRows<{ produtos: number; analises: number; custo: number; soma: number }>(
        db,
        sql`select (select count(*)::int from applied_products p where p.treatment_id = t.id) as produtos,
                   (select count(*)::int from additional_analyses a where a.treatment_id = t.id) as analises,
                   t.custo, (select sum(p.custo) from applied_products p where p.treatment_id = t.id) as soma
            from treatments t`,
      );
      expect(perTreatment).toHaveLength(60);
      for (const r of perTreatment) {
        expect(r.produtos).toBe(2);
        expect(r.analises).toBe(1);
        expect(r.custo).toBeCloseTo(Number(r.soma), 6);
      }
    } finally {
      await t.database.close();
      await t.drop();
    }
  });
});

describe('generateDemoExperiments', () => {
  const ref: ReferenceData = {
    marcas: ['Aminoagro', 'Concorrente', 'Dimicron', 'Maximus'],
    produtosPorMarca: {
      Aminoagro: ['Aminoagro Mol', 'Aminoagro Raiz', 'Aminoagro Folha Top'],
      Concorrente: ['Raizmax', 'Vigora Plus'],
      Dimicron: ['Dimicron Zinco', 'Dimicron CoMo'],
      Maximus: ['Maximus Algas', 'Maximus TS'],
    },
    regionais: ['Cerrado MG', 'GO', 'MT BR 163', 'MT Oeste/RO/AC', 'Nordeste', 'PR SC PY'],
    culturas: ['Algodão', 'Arroz', 'Banana', 'Batata', 'Café', 'Cana-de-açúcar', 'Feijão', 'Manga', 'Milho', 'Soja', 'Trigo', 'Uva'],
  };
  const data = generateDemoExperiments(ref, { count: 2000, seed: 11 });

  it('yields experiments the API accepts', () => {
    for (const e of data.slice(0, 300)) {
      const parsed = experimentInputSchema.safeParse(e);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    }
  });

  it('looks like the field: mostly soy and corn, ~10 % without coordinates, treatments mostly above the control', () => {
    const share = (pred: (e: (typeof data)[number]) => boolean) => data.filter(pred).length / data.length;
    expect(share((e) => e.cultura === 'Soja' || e.cultura === 'Milho')).toBeGreaterThan(0.5);
    expect(share((e) => e.latitude === null)).toBeGreaterThan(0.05);
    expect(share((e) => e.latitude === null)).toBeLessThan(0.15);
    expect(share((e) => e.roi === null)).toBeGreaterThan(0.1);
    expect(share((e) => e.roi === null)).toBeLessThan(0.2);
    expect(share((e) => e.ano === 2026)).toBeGreaterThan(0.2);
    for (const e of data.filter((x) => ['Uva', 'Manga'].includes(x.cultura))) expect(['Petrolina', 'Juazeiro']).toContain(e.cidade);

    // Collected, then asserted once: thousands of expect() calls would dominate the test's time.
    const problems: string[] = [];
    let above = 0;
    let treated = 0;
    for (const e of data) {
      const [lo, hi] = PRODUTIVIDADE[e.cultura] ?? [0, Infinity];
      const control = e.tratamentos[0];
      if (control?.nome !== 'Testemunha' || control.produtos_aplicados.length > 0) problems.push(`controle: ${control?.nome}`);
      for (const tr of e.tratamentos) {
        if (tr.produtividade < lo || tr.produtividade > hi) problems.push(`${e.cultura}: ${tr.produtividade} kg/ha`);
        for (const p of tr.produtos_aplicados) {
          if (p.dose < 0.1 || p.dose > 3) problems.push(`dose ${p.dose}`);
          if (p.custo < 15 || p.custo > 180) problems.push(`custo ${p.custo}`);
          if (!ref.produtosPorMarca[e.marca]?.includes(p.nome)) problems.push(`${p.nome} fora do catálogo de ${e.marca}`);
        }
      }
      for (const tr of e.tratamentos.slice(1)) {
        treated++;
        if (tr.produtividade > (control?.produtividade ?? 0)) above++;
      }
    }
    expect(problems).toEqual([]);
    expect(above / treated).toBeGreaterThan(0.8);
    expect(above / treated).toBeLessThan(1);
  });

  it('gives ~60 % of the trials plot yields (3–4 blocks) around each yield, and a bag price when the crop has one', () => {
    const withPlots = data.filter((e) => e.tratamentos.every((t) => t.repeticoes));
    expect(data.every((e) => e.tratamentos.every((t) => t.repeticoes) || e.tratamentos.every((t) => !t.repeticoes))).toBe(true);
    expect(withPlots.length / data.length).toBeGreaterThan(0.5);
    expect(withPlots.length / data.length).toBeLessThan(0.7);
    const problems: string[] = [];
    for (const e of withPlots) {
      const blocks = e.tratamentos[0]!.repeticoes!.length;
      if (blocks < 3 || blocks > 4) problems.push(`${blocks} blocos`);
      for (const t of e.tratamentos) {
        const reps = t.repeticoes!;
        if (reps.length !== blocks) problems.push('blocos diferentes');
        const mean = Math.round((reps.reduce((a, b) => a + b, 0) / reps.length) * 100) / 100;
        if (mean !== t.produtividade) problems.push(`média ${mean} ≠ ${t.produtividade}`);
        // Plots within ±15 % of the treatment's yield.
        if (reps.some((r) => Math.abs(r / t.produtividade - 1) > 0.15))
          problems.push(`parcelas ${reps.join(', ')} para ${t.produtividade}`);
      }
      const faixa = PRECO_SACA[e.cultura];
      if (faixa && (e.preco_saca === null || e.preco_saca < faixa[0] || e.preco_saca > faixa[1]))
        problems.push(`preço ${e.preco_saca} (${e.cultura})`);
      if (!faixa && e.preco_saca !== null) problems.push(`preço para ${e.cultura}`);
    }
    expect(problems).toEqual([]);
    expect(data.filter((e) => !e.tratamentos[0]!.repeticoes).every((e) => e.preco_saca === null)).toBe(true);
  });

  it('rates severity on three dates and plant height in ~40 % of the trials with plot yields, the control most diseased', () => {
    const withPlots = data.filter((e) => e.tratamentos.every((t) => t.repeticoes));
    const rated = withPlots.filter((e) => e.avaliacoes.length);
    expect(data.filter((e) => !e.tratamentos[0]!.repeticoes).every((e) => e.avaliacoes.length === 0)).toBe(true);
    expect(rated.length / withPlots.length).toBeGreaterThan(0.3);
    expect(rated.length / withPlots.length).toBeLessThan(0.5);
    const problems: string[] = [];
    for (const e of rated) {
      expect(e.avaliacoes.map((a) => a.chave)).toEqual(['severidade-1', 'severidade-2', 'severidade-3', 'altura']);
      const blocks = e.tratamentos[0]!.repeticoes!.length;
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const last = e.tratamentos.map((t) => mean(t.observacoes!['severidade-3']!));
      if (Math.max(...last.slice(1)) >= last[0]! * 1.2) problems.push(`${e.cidade}: testemunha ${last[0]} < ${Math.max(...last.slice(1))}`);
      for (const t of e.tratamentos)
        for (const [k, v] of Object.entries(t.observacoes!))
          if (v.length !== blocks || v.some((x) => x < 0 || x > 100 + (k === 'altura' ? 200 : 0))) problems.push(`${k}: ${v.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('formats numbers the Brazilian way', () => {
    expect(formatBr(3456.74, 1)).toBe('3.456,7');
    expect(formatBr(1234567.5, 2)).toBe('1.234.567,50');
    expect(formatBr(-24.95551, 4)).toBe('-24,9555');
    expect(formatBr(-0.00001, 2)).toBe('0,00');
    expect(formatBr(999.96, 1)).toBe('1.000,0');
    expect(formatBr(45, 0)).toBe('45');
  });

  it('follows the anchor date and the current-year option', () => {
    const later = generateDemoExperiments(ref, { count: 200, seed: 11, now: new Date('2028-06-01T00:00:00Z') });
    expect(Math.max(...later.map((e) => e.ano))).toBe(2028);
    expect(later.every((e) => e.created_at.getTime() < Date.parse('2028-06-01T00:00:00Z'))).toBe(true);
    // Spread over the three years before the anchor, not piled up on one instant.
    const times = data.map((e) => e.created_at.getTime());
    expect(new Set(times).size).toBeGreaterThan(data.length * 0.99);
    expect(Math.min(...times)).toBeLessThan(DEMO_ANCHOR.getTime() - 2.5 * 365 * 86_400_000);
    expect(Math.max(...times)).toBeLessThan(DEMO_ANCHOR.getTime());
    const capped = generateDemoExperiments(ref, { count: 200, seed: 11, currentYear: 2024 });
    expect(Math.max(...capped.map((e) => e.ano))).toBe(2024);
  });
});

describe(`seedDemo's bulk load on ${testEngine().kind}`, () => {
  let t: TestDatabase;
  let objectsDir: string;
  const indexes = () =>
    queryRows<{ name: string }>(
      t.database.db,
      sql`select indexname as name from pg_indexes where schemaname = current_schema() order by 1`,
    );
  let before: string[];
  let version: number;
  const changes = async () => Number((await queryRows<{ v: string }>(t.database.db, sql`select version as v from data_changes`))[0]!.v);

  beforeAll(async () => {
    t = await createTestDatabase();
    objectsDir = mkdtempSync(join(tmpdir(), 'ga-seed-objetos-'));
    before = (await indexes()).map((r) => r.name);
    version = await changes();
    await seedDemo(t.database.db, { count: 120, seed: 5, bulk: true, objects: new FileObjectStore(objectsDir) });
  });
  afterAll(async () => {
    await t.database.close();
    await t.drop();
  });

  it('builds again every index it dropped, and leaves none to build', async () => {
    expect((await indexes()).map((r) => r.name)).toEqual(before);
    expect(await queryRows(t.database.db, sql`select * from bulk_load_indexes`)).toEqual([]);
  });

  it('leaves the tables vacuumed: their pages all-visible, so that covering indexes answer alone', async () => {
    const [row] = await queryRows<{ visible: number; pages: number }>(
      t.database.db,
      sql`select relallvisible::int as visible, relpages::int as pages from pg_class where relname = 'experiments'`,
    );
    expect(row!.pages).toBeGreaterThan(0);
    expect(row!.visible).toBe(row!.pages);
  });

  it('points every document to one of the shared reports, each a real PDF in the object store', async () => {
    const docs = await queryRows<{ n: number; objetos: number; distintos: number }>(
      t.database.db,
      sql`select count(*)::int as n, count(*) filter (where storage = 'objeto' and content is null)::int as objetos,
            count(distinct sha256)::int as distintos from documents`,
    );
    expect(docs[0]).toEqual({ n: 120, objetos: 120, distintos: SHARED_REPORTS });
    const keys: string[] = [];
    for await (const o of new FileObjectStore(objectsDir).list()) keys.push(o.key);
    expect(keys).toHaveLength(SHARED_REPORTS);
    const shas = await queryRows<{ sha256: string }>(t.database.db, sql`select distinct sha256 from documents`);
    expect(keys.sort()).toEqual(shas.map((r) => r.sha256).sort());
  });

  it('leaves the rollups as the triggers keep them, and moves the change counter on', async () => {
    for (const [table, kind] of [
      ['dashboard_rollup', 'experimentos'],
      ['dashboard_rollup_produtos', 'produtos'],
      ['dashboard_rollup_modalidades', 'modalidades'],
    ] as const) {
      const kept = await queryRows<{ n: number; total: number }>(
        t.database.db,
        sql`select count(*)::int as n, sum(n)::int as total from ${sql.identifier(table)} where n > 0`,
      );
      const computed = await queryRows<{ n: number; total: number }>(
        t.database.db,
        sql`select count(*)::int as n, sum(n)::int as total from (${computedRollup(kind, sql`situacao = 'concluido'`)}) r`,
      );
      expect(kept, table).toEqual(computed);
    }
    expect(await changes()).toBeGreaterThan(version);
  });
});
