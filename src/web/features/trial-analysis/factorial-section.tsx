/**
 * The two-factor designs' part of the report: the table of means A (rows) × B (columns)
 * as Brazilian reports print it — when the interaction is significant, uppercase letters compare
 * the levels of A within each column and lowercase letters the levels of B within each row (the
 * desdobramento); otherwise the marginal means carry the main effects' letters — then the
 * desdobramento's F tests.
 */
import type { AnalysisResponse } from '../../../shared/api-types.js';
import type { ComparacaoNiveis, LinhaDesdobramento } from '../../../shared/stats/index.js';
import { ReportTable, colunasAnova, type ReportColumn, n, p } from './report-table.js';

type Fatorial = NonNullable<AnalysisResponse['fatorial']>;
type Desdobramento = NonNullable<AnalysisResponse['desdobramento']>;

const letrasDe = (c: ComparacaoNiveis | undefined, nivel: string): string => c?.grupos.find((g) => g.nome === nivel)?.letras ?? '';

/** A mean with its letters in the same cell: "3.450 Ab". */
function ComLetras({ media, letras, casas }: { media: number; letras: string; casas: number }) {
  return (
    <>
      {n(media, casas)}
      {letras ? <span className="font-semibold text-brand-800"> {letras}</span> : null}
    </>
  );
}

/** A row of the table of means: a level of A with its means by level of B and its own, or the means of B. */
interface LinhaMedias {
  nome: string;
  celulas: { media: number; letras: string }[];
  marginal: { media: number; letras: string } | null;
}

function TabelaMedias({ f, d, unidade, casas }: { f: Fatorial; d: Desdobramento | null; unidade: string; casas: number }) {
  const mediaDe = (a: string, b: string) => f.medias.find((m) => m.nivelA === a && m.nivelB === b)?.media ?? 0;
  const aDentro = new Map(d?.aDentroDeB.map((l) => [l.nivel, l]));
  const bDentro = new Map(d?.bDentroDeA.map((l) => [l.nivel, l]));
  const efeitos = f.efeitosPrincipais;
  const linhas: LinhaMedias[] = [
    ...f.niveisA.map((a, i) => ({
      nome: a,
      celulas: f.niveisB.map((b) => ({
        media: mediaDe(a, b),
        letras: d ? `${letrasDe(aDentro.get(b), a).toUpperCase()}${letrasDe(bDentro.get(a), b)}` : '',
      })),
      marginal: { media: f.mediasA[i]?.media ?? 0, letras: efeitos ? letrasDe(efeitos.a, a) : '' },
    })),
    {
      nome: 'Média',
      celulas: f.niveisB.map((b, j) => ({ media: f.mediasB[j]?.media ?? 0, letras: efeitos ? letrasDe(efeitos.b, b) : '' })),
      marginal: null,
    },
  ];
  const comLetras = (c: { media: number; letras: string } | null | undefined) =>
    c ? <ComLetras casas={casas} media={c.media} letras={c.letras} /> : null;
  return (
    <ReportTable
      caption={`Médias (${unidade}) de ${f.fatores.a} × ${f.fatores.b}`}
      columns={[
        { header: `${f.fatores.a} \\ ${f.fatores.b}`, cell: (l) => l.nome },
        ...f.niveisB.map((b, j): ReportColumn<LinhaMedias> => ({
          header: b,
          key: `b-${b}`,
          kind: 'number',
          cell: (l) => comLetras(l.celulas[j]),
        })),
        { header: 'Média', kind: 'number', cell: (l) => comLetras(l.marginal) },
      ]}
      rows={linhas}
      rowKey={(l, i) => `${i}-${l.nome}`}
    />
  );
}

/** One row per level of the factor named in `dentroDe`: the other factor's F test within it. */
function TabelaDesdobramento({
  caption,
  dentroDe,
  linhas,
  erro,
}: {
  caption: string;
  dentroDe: string;
  linhas: LinhaDesdobramento[];
  erro: { fonte: string; gl: number; qm: number };
}) {
  // The error's row prints its GL and QM only.
  const rows = [
    ...linhas.map((l) => ({ fonte: l.nivel, gl: l.gl, sq: l.sq, qm: l.qm, f: l.f, p: l.p, dms: l.dms })),
    { fonte: erro.fonte, gl: erro.gl, sq: null, qm: erro.qm, f: null, p: null, dms: null },
  ];
  return (
    <ReportTable
      caption={caption}
      columns={[
        { header: dentroDe, cell: (l) => l.fonte },
        ...colunasAnova<(typeof rows)[number]>(),
        { header: 'DMS (Tukey)', kind: 'number', cell: (l) => (l.dms === null ? '' : n(l.dms)) },
      ]}
      rows={rows}
      rowKey={(l, i) => `${i}-${l.fonte}`}
    />
  );
}

export function FactorialSection({
  a,
}: {
  a: Pick<AnalysisResponse, 'fatorial' | 'desdobramento' | 'anova' | 'variavel'> & { transformacao?: { aplicada: string | null } };
}) {
  const f = a.fatorial;
  if (!f) return null;
  // With a transformation applied the factorial's means and DMS are on its scale, not in kg/ha.
  const transformada = Boolean(a.transformacao?.aplicada);
  const unidade = transformada ? 'escala transformada' : a.variavel ? a.variavel.unidade : 'kg/ha';
  const casas = transformada ? 3 : 0;
  const d = a.desdobramento;
  const { a: A, b: B } = f.fatores;
  const contraste = a.anova.linhas.find((l) => l.fonte === 'Fatorial vs Adicional');
  return (
    <section className="space-y-3" aria-label="Análise fatorial">
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-slate-800">
        <span>
          Fatores:{' '}
          <strong>
            {A}
            {f.cv ? ' (parcela)' : ''} × {B}
            {f.cv ? ' (subparcela)' : ''}
          </strong>
        </span>
        <span>
          Interação {A} × {B}:{' '}
          <strong>
            F = {n(f.interacao.f, 3)}, p {f.interacao.p < 0.0001 ? '< 0,0001' : `= ${p(f.interacao.p)}`}
          </strong>{' '}
          ({f.interacao.significativa ? 'significativa a 5 %' : 'não significativa a 5 %'})
        </span>
        {f.cv ? (
          <span>
            CV (a): <strong>{n(f.cv.a)}%</strong> · CV (b): <strong>{n(f.cv.b)}%</strong>
          </span>
        ) : null}
      </div>
      <TabelaMedias f={f} d={d} unidade={unidade} casas={casas} />
      <p className="text-xs text-slate-600">
        {d
          ? `Interação significativa: médias seguidas da mesma letra maiúscula na coluna (${A} dentro de cada nível de ${B}) e minúscula na linha (${B} dentro de cada nível de ${A}) não diferem entre si pelo teste de Tukey a 5 %.`
          : `Interação não significativa: compare as médias de cada fator (efeitos principais). Médias de um fator seguidas da mesma letra não diferem entre si pelo teste de Tukey a 5 %` +
            (f.efeitosPrincipais
              ? ` (DMS ${A}: ${n(f.efeitosPrincipais.a.dms)} ${unidade}; ${B}: ${n(f.efeitosPrincipais.b.dms)} ${unidade}).`
              : '.')}
      </p>
      {f.adicional ? (
        <p className="text-slate-800">
          Tratamento adicional ({f.adicional.nome}):{' '}
          <strong>
            {n(f.adicional.media, casas)} {unidade}
          </strong>
          ; média do fatorial:{' '}
          <strong>
            {n(f.adicional.mediaFatorial, casas)} {unidade}
          </strong>
          {contraste?.p !== null && contraste?.p !== undefined
            ? ` (Fatorial vs Adicional: ${contraste.p < 0.05 ? 'diferem' : 'não diferem'} a 5 %, p ${contraste.p < 0.0001 ? '< 0,0001' : `= ${p(contraste.p)}`}).`
            : '.'}
        </p>
      ) : null}
      {d ? (
        <>
          <TabelaDesdobramento
            caption={`Desdobramento: ${B} dentro de cada nível de ${A}`}
            dentroDe={A}
            linhas={d.bDentroDeA}
            erro={d.residuo.bDentroDeA}
          />
          <TabelaDesdobramento
            caption={`Desdobramento: ${A} dentro de cada nível de ${B}`}
            dentroDe={B}
            linhas={d.aDentroDeB}
            erro={d.residuo.aDentroDeB}
          />
        </>
      ) : null}
    </section>
  );
}
