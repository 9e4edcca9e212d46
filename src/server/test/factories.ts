/** Valid data with overrides, so that a test states only what it is about. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PublicUser, RegisterBody } from '../../shared/auth.js';
import type { Experiment } from '../../shared/experiment.js';
import type { Filters } from '../../shared/filters.js';
import { experimentInputSchema } from '../../shared/experiment.js';
import { type ExperimentRequest, SAMPLE, type TreatmentRequest } from '../../shared/factories.test-helper.js';
import type { Database } from '../db/client.js';
import { insertExperiments, reserveExperimentIds } from '../modules/experiments/public.js';

/** An experiment as the API answers it (a request body is an ExperimentRequest). */
export type ExperimentBody = Experiment;

let seq = 0;

export function buildRegistration(overrides: Partial<RegisterBody> = {}): RegisterBody {
  seq += 1;
  return {
    name: `Pessoa Teste ${seq}`,
    email: `pessoa${seq}.${Date.now()}@exemplo.com.br`,
    password: 'senha-segura-1',
    company: 'Agro Consultoria',
    role: 'user',
    ...overrides,
  };
}

export interface Account {
  user: PublicUser;
  token: string;
  refreshCookie: string;
  password: string;
  auth: { authorization: string };
}

export function refreshCookieOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === 'ga_refresh' && c.value)?.value;
}

/** Signs up through the API and returns what a client would hold. */
export async function createAccount(app: FastifyInstance, overrides: Partial<RegisterBody> = {}): Promise<Account> {
  const body = buildRegistration(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const { user, token } = res.json() as { user: PublicUser; token: string };
  return {
    user,
    token,
    refreshCookie: refreshCookieOf(res) ?? '',
    password: body.password,
    auth: { authorization: `Bearer ${token}` },
  };
}

/** A POST whose body goes as this text, unparsed: for what the server does with a broken or hostile body. */
export function postRaw(app: FastifyInstance, url: string, payload: string, contentType = 'application/json') {
  return app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
}

/** Polls until `read` returns something, for work the server finishes after answering. */
export async function eventually<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

export type { ExperimentRequest, TreatmentRequest };

/** A valid treatment as a client sends it (the control, no products), with overrides. */
export function buildTreatment(overrides: Partial<TreatmentRequest> = {}): TreatmentRequest {
  return {
    nome: 'Testemunha',
    modalidade: 'Foliar',
    produtividade: 3600,
    custo: 0,
    produtos_aplicados: [],
    analises_adicionais: [],
    ...overrides,
  };
}

/** A valid experiment body (what the form would send): the shared SAMPLE with these treatments, and overrides. */
export function buildExperiment(overrides: Partial<ExperimentRequest> = {}): ExperimentRequest {
  return {
    ...SAMPLE,
    tratamentos: [
      buildTreatment(),
      {
        nome: 'Aminoagro Raiz',
        modalidade: 'Sementes',
        produtividade: 3900.5,
        custo: 0,
        produtos_aplicados: [
          { nome: 'Aminoagro Raiz', dose: 0.5, custo: 42.5 },
          { nome: 'Aminoagro Mol', dose: 0.25, custo: 30 },
        ],
        analises_adicionais: [{ nome: 'Altura de Plantas', valor: 87.25, unidade: 'cm' }],
      },
    ],
    ...overrides,
  };
}

/** A valid update body (PUT /api/experiments/:id): the experiment with overrides, at the version the client last read. */
export function buildExperimentUpdate(
  overrides: Partial<ExperimentRequest> & { version: number },
): ExperimentRequest & { version: number } {
  return { ...buildExperiment(), ...overrides };
}

/**
 * A body the schema must reject: the valid experiment with `patch` laid over it, where the patch may
 * hold any value at all (a wrong type, a hostile string, `undefined` to drop a field). Only for tests
 * about rejection; a test that expects the body to pass uses buildExperiment, whose overrides are typed.
 */
export function invalidExperiment(patch: Record<string, unknown>): Record<string, unknown> {
  return { ...buildExperiment(), ...patch };
}

/** Bytes that pass the server's PDF check (a real minimal PDF). */
export function samplePdf(marker = 'teste'): Buffer {
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${marker}\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export interface MultipartFile {
  field?: string;
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** A multipart/form-data body for app.inject(). */
export function multipart(
  fields: Record<string, string>,
  files: MultipartFile[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----gestao${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'pdf'}"; filename="${f.filename}"; filename*=UTF-8''${encodeURIComponent(f.filename)}\r\nContent-Type: ${f.contentType ?? 'application/pdf'}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Sends a multipart/form-data request (fields and files) as `account`. */
export function sendMultipart(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  account: Pick<Account, 'auth'>,
  fields: Record<string, string>,
  files: MultipartFile[] = [],
): Promise<LightMyRequestResponse> {
  const body = multipart(fields, files);
  return app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...account.auth } });
}

/** Attaches a document to an experiment (POST /api/uploads/document) as `account`. */
export function uploadDocument(
  app: FastifyInstance,
  account: Pick<Account, 'auth'>,
  experimentId: number,
  filename: string,
  content = samplePdf(filename),
) {
  return sendMultipart(app, 'POST', '/api/uploads/document', account, { experimentId: String(experimentId) }, [{ filename, content }]);
}

/** Creates an experiment through the API. */
export async function createExperiment(
  app: FastifyInstance,
  account: Account,
  overrides: Partial<ExperimentRequest> = {},
  pdf: MultipartFile = { filename: 'relatório.pdf', content: samplePdf() },
): Promise<ExperimentBody> {
  const res = await sendMultipart(app, 'POST', '/api/experiments', account, { data: JSON.stringify(buildExperiment(overrides)) }, [pdf]);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { experiment: ExperimentBody }).experiment;
}

/**
 * Many experiments of `owner` in one transaction, straight through the experiments repository (the
 * demo seed's path: the API's schema, the same columns and nested rows, no PDF): for a test that
 * needs volume, where a loop of API calls would cost seconds per ten on a busy machine. Returns
 * their ids in the order of `overrides`.
 */
export async function seedExperiments(
  database: Database,
  owner: Pick<Account, 'user'>,
  overrides: readonly Partial<ExperimentRequest>[],
): Promise<number[]> {
  return database.db.transaction(async (tx) => {
    const ids = await reserveExperimentIds(tx, overrides.length);
    await insertExperiments(
      tx,
      overrides.map((o, i) => ({ id: ids[i]!, ownerId: owner.user.id, data: experimentInputSchema.parse(buildExperiment(o)) })),
    );
    return ids;
  });
}

/** A filter set with only the given filters set (the rest unset), for repository-level tests. */
export const filtersOf = (f: Partial<Filters>): Filters => ({
  regional: undefined,
  cultura: undefined,
  marca: undefined,
  produto: undefined,
  avaliacao: undefined,
  situacao: undefined,
  conformidade: undefined,
  ano: undefined,
  ...f,
});

/**
 * The largest experiment the shared schema accepts with this reference data: 50 treatments × 12
 * plot yields × 30 products × 30 analyses, every free text at its maximum length in `letter`
 * (an accented letter takes 2 bytes in UTF-8). Treatment names are distinct, as the analysis wants.
 */
export function largestExperiment(letter = 'ã'): ExperimentRequest {
  const text = (n: number, tag = '') => (tag + letter.repeat(n)).slice(0, n);
  return buildExperiment({
    consultoria: text(200),
    cidade: text(120),
    cultivar: text(100),
    tipo_estatistica: 'Inteiramente Casualizado',
    custo_protocolo: 123456.78,
    roi: 123456.78,
    preco_saca: 135.55,
    tratamentos: Array.from({ length: 50 }, (_, i) => ({
      nome: text(150, `T${i} `),
      modalidade: 'Incorporado',
      custo: 99999.99,
      repeticoes: Array.from({ length: 12 }, (_, j) => 999_000.125 + i * 10 + j),
      produtos_aplicados: Array.from({ length: 30 }, () => ({ nome: text(150), dose: 12345.67, unidade: text(30), custo: 99999.99 })),
      analises_adicionais: Array.from({ length: 30 }, () => ({ nome: text(150), valor: 12345.67, unidade: text(50) })),
    })),
  });
}

/** A large real trial: 50 treatments, 12 blocks, 5 products and 5 analyses each, everyday names. */
export function largeRealExperiment(): ExperimentRequest {
  return buildExperiment({
    tratamentos: Array.from({ length: 50 }, (_, i) => ({
      nome: `Tratamento ${i + 1} - bioestimulante foliar`,
      modalidade: 'Foliar',
      custo: 120.5,
      repeticoes: Array.from({ length: 12 }, (_, j) => 3450.25 + i * 7 + j * 3),
      produtos_aplicados: Array.from({ length: 5 }, (_, p) => ({
        nome: `Produto comercial ${p + 1}`,
        dose: 0.25,
        unidade: 'L/ha',
        custo: 42.5,
      })),
      analises_adicionais: Array.from({ length: 5 }, (_, a) => ({ nome: `Análise ${a + 1}`, valor: 87.25, unidade: 'cm' })),
    })),
  });
}
