/**
 * The field plan's reads and writes (docs/api.md#field-plan): the randomised layout stored with its
 * seed, and plot values collected in the field, each written only where the server still holds the
 * value the device last saw (a value typed by someone else since is a conflict, never overwritten).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { valueProblem } from '../../../shared/assessments.js';
import type { TipoAvaliacao } from '../../../shared/constants.js';
import {
  type Croqui,
  type ColetaResponse,
  type ConflitoColeta,
  type ParcelaCroqui,
  QUADRADO_LATINO,
  type ValorColeta,
} from '../../../shared/field-plan.js';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { assessments, experiments, layouts, plotValues, treatments } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { experimentLabel, recordAudit } from '../audit/public.js';
import type { StoreAnswer } from './idempotency.js';
import { treatmentsJsonOf } from './presenter.js';
import { getExperiment, getExperimentHead } from './repository.js';
import { vereditoDoEnsaio } from './trial-summary.js';
import { canModify } from './permissions.js';

export const NO_LAYOUT = 'O croqui deste experimento ainda não foi sorteado: sorteie-o em "Croqui e etiquetas".';

const croquiOf = (row: typeof layouts.$inferSelect): Croqui => ({
  semente: row.semente,
  numeracao: row.numeracao === 'sequencial' ? 'sequencial' : 'serpentina',
  delineamento: row.delineamento,
  blocos: row.blocos,
  parcelas: JSON.parse(row.parcelasJson) as ParcelaCroqui[],
});

export async function getLayout(db: Db | Tx, experimentId: number): Promise<Croqui | null> {
  const [row] = await db.select().from(layouts).where(eq(layouts.experimentId, experimentId));
  return row ? croquiOf(row) : null;
}

/** The layouts of these experiments, in one query, by experiment id (those without one are absent). */
export async function getLayouts(db: Db | Tx, experimentIds: readonly number[]): Promise<Map<number, Croqui>> {
  if (!experimentIds.length) return new Map();
  const rows = await db
    .select()
    .from(layouts)
    .where(inArray(layouts.experimentId, [...experimentIds]));
  return new Map(rows.map((row) => [row.experimentId, croquiOf(row)]));
}

/** Stores the layout drawn for the experiment (replacing the one before) and records it in the trail. */
export async function saveLayout(db: Db, user: AuthUser, experimentId: number, croqui: Croqui): Promise<void> {
  const head = await getExperimentHead(db, experimentId);
  if (!head) throw notFound('Experimento não encontrado');
  if (!canModify(user, head.ownerId)) throw forbidden();
  await db.transaction(async (tx) => {
    const before = await getLayout(tx, experimentId);
    const values = {
      semente: croqui.semente,
      numeracao: croqui.numeracao,
      delineamento: croqui.delineamento,
      blocos: croqui.blocos,
      parcelasJson: JSON.stringify(croqui.parcelas),
    };
    await tx
      .insert(layouts)
      .values({ experimentId, ...values })
      .onConflictDoUpdate({ target: layouts.experimentId, set: { ...values, createdAt: new Date() } });
    // A Latin square's analysis reads the layout: its cached answers (kept by version and last
    // change) must not outlive it, and its verdict under MAPA's rules is computed again with it.
    const experiment = head.tipo_estatistica === QUADRADO_LATINO ? await getExperiment(tx, experimentId) : null;
    const colunas = experiment ? colunasDoCroqui(croqui, experiment.tratamentos.length) : null;
    await tx
      .update(experiments)
      .set({ updatedAt: new Date(), ...(experiment ? { conformidadeIn53: vereditoDoEnsaio(experiment, colunas) } : {}) })
      .where(eq(experiments.id, experimentId));
    await recordAudit(tx, user, {
      action: 'experiment.update',
      experimentId,
      label: experimentLabel(head),
      changes: { croqui: { de: before ? `semente ${before.semente}` : null, para: `semente ${croqui.semente} (${croqui.numeracao})` } },
    });
  });
}

/**
 * The columns of a Latin square's plots as the analysis takes them: `colunas[i][j]`, the column of
 * treatment i's plot in row j + 1; null when the layout does not hold every treatment × row.
 */
export function colunasDoCroqui(croqui: Croqui, tratamentos: number): number[][] | null {
  const colunas = Array.from({ length: tratamentos }, () => Array.from({ length: croqui.blocos }, () => 0));
  for (const p of croqui.parcelas) {
    const row = colunas[p.tratamento];
    if (!row || p.repeticao < 1 || p.repeticao > croqui.blocos) return null;
    row[p.repeticao - 1] = p.coluna;
  }
  return colunas.every((row) => row.every((c) => c > 0)) ? colunas : null;
}

/** Each plot value the field sent, checked against the layout and the assessment's type. */
function plotsOf(
  croqui: Croqui,
  valores: readonly ValorColeta[],
  regra: { tipo: TipoAvaliacao; escala_min: number | null; escala_max: number | null },
) {
  const byNumber = new Map(croqui.parcelas.map((p) => [p.numero, p]));
  const fields: Record<string, string> = {};
  const plots = valores.map((v, i) => {
    const parcela = byNumber.get(v.numero);
    if (!parcela) fields[`valores.${i}.numero`] = `A parcela ${v.numero} não está no croqui deste experimento.`;
    const problem = v.valor === null ? null : valueProblem(v.valor, regra);
    if (problem) fields[`valores.${i}.valor`] = `Parcela ${v.numero}: ${problem}`;
    return { ...v, parcela };
  });
  if (Object.keys(fields).length) throw badRequest(fields, Object.values(fields)[0]);
  return plots as (ValorColeta & { parcela: ParcelaCroqui })[];
}

/**
 * Writes plot values of one assessment collected plot by plot. A value is written when the server
 * holds what the device saw before it was typed (`anterior`) or already holds it; otherwise it is a
 * conflict, returned with both values and not written. One transaction, the experiment's row locked.
 */
export async function collectValues(
  db: Db,
  user: AuthUser,
  experimentId: number,
  chave: string,
  valores: readonly ValorColeta[],
  store?: StoreAnswer,
): Promise<ColetaResponse> {
  const head = await getExperimentHead(db, experimentId);
  if (!head) throw notFound('Experimento não encontrado');
  if (!canModify(user, head.ownerId)) throw forbidden();
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ version: experiments.version })
      .from(experiments)
      .where(eq(experiments.id, experimentId))
      .for('update');
    if (!locked) throw notFound('Experimento não encontrado');
    const croqui = await getLayout(tx, experimentId);
    if (!croqui) throw notFound(NO_LAYOUT);
    const [assessment] = await tx
      .select({
        id: assessments.id,
        nome: assessments.nome,
        tipo: assessments.tipo,
        min: assessments.escalaMin,
        max: assessments.escalaMax,
      })
      .from(assessments)
      .where(and(eq(assessments.experimentId, experimentId), eq(assessments.chave, chave)));
    if (!assessment) throw notFound('Avaliação não encontrada neste experimento.');
    const plots = plotsOf(croqui, valores, {
      tipo: assessment.tipo as TipoAvaliacao,
      escala_min: assessment.min,
      escala_max: assessment.max,
    });
    const ids = await tx
      .select({ id: treatments.id, position: treatments.position })
      .from(treatments)
      .where(eq(treatments.experimentId, experimentId));
    const treatmentId = new Map(ids.map((t) => [t.position, t.id]));
    // Every treatment × block of the assessment has its row (null until rated), so the values read
    // back in block order whatever was collected first.
    await tx.execute(sql`insert into ${plotValues} (experiment_id, treatment_id, assessment_id, bloco, valor)
      select ${experimentId}, t.id, ${assessment.id}, g.b, null
      from ${treatments} t cross join generate_series(0, ${croqui.blocos - 1}::int) g(b)
      where t.experiment_id = ${experimentId}
      on conflict do nothing`);
    const held = await queryRows<{ treatment_id: number; bloco: number; valor: number | null }>(
      tx,
      sql`select treatment_id, bloco, valor from ${plotValues} where assessment_id = ${assessment.id}`,
    );
    const current = new Map(held.map((r) => [`${Number(r.treatment_id)}:${Number(r.bloco)}`, r.valor === null ? null : Number(r.valor)]));
    const conflitos: ConflitoColeta[] = [];
    const writes: { treatmentId: number; bloco: number; valor: number | null }[] = [];
    let gravados = 0;
    for (const p of plots) {
      const tId = treatmentId.get(p.parcela.tratamento);
      if (tId === undefined) {
        throw badRequest({ avaliacao: 'O croqui não corresponde mais aos tratamentos: sorteie-o de novo.' });
      }
      const bloco = p.parcela.repeticao - 1;
      const now = current.get(`${tId}:${bloco}`) ?? null;
      if (now === p.valor) gravados += 1;
      else if (now === p.anterior) {
        writes.push({ treatmentId: tId, bloco, valor: p.valor });
        current.set(`${tId}:${bloco}`, p.valor);
        gravados += 1;
      } else conflitos.push({ numero: p.numero, valor_servidor: now, valor_enviado: p.valor });
    }
    let version = locked.version;
    if (writes.length) {
      // One statement for all of them.
      const rows = sql.join(
        writes.map((w) => sql`(${w.treatmentId}::int, ${w.bloco}::int, ${w.valor}::float8)`),
        sql`, `,
      );
      await tx.execute(sql`update ${plotValues} v set valor = x.valor from (values ${rows}) x(t, b, valor)
        where v.treatment_id = x.t and v.assessment_id = ${assessment.id} and v.bloco = x.b`);
      const [row] = await tx
        .update(experiments)
        .set({
          tratamentosJson: sql`coalesce((select f.j from (${treatmentsJsonOf(sql`${experimentId}`)}) f), '[]')`,
          version: sql`${experiments.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(experiments.id, experimentId))
        .returning({ version: experiments.version });
      version = row?.version ?? version;
      await recordAudit(tx, user, {
        action: 'experiment.update',
        experimentId,
        label: experimentLabel(head),
        changes: { coleta: { de: null, para: `${assessment.nome}: ${writes.length} parcela(s) registradas em campo` } },
      });
    }
    const answer = { gravados, conflitos, version };
    await store?.(tx, answer);
    return answer;
  });
}
