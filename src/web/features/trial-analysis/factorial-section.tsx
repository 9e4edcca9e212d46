/**
 * The two-factor designs' part of the report (issue 20): the table of means A (rows) × B (columns)
 * as Brazilian reports print it — when the interaction is significant, uppercase letters compare
 * the levels of A within each column and lowercase letters the levels of B within each row (the
 * desdobramento); otherwise the marginal means carry the main effects' letters — then the
 * desdobramento's F tests.
 */
import type { AnalysisResponse } from '../../../shared/api-types.js';
import type { ComparacaoNiveis, LinhaDesdobramento } from '../../../shared/stats/index.js';
import { cn } from '../../lib/cn.js';
import { FIRST_TD, FIRST_TH, ROW, ScrollTable, TD, TD_NUM, TH, TH_NUM, n, p } from './report-table.js';

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

function TabelaMedias({ f, d, unidade, casas }: { f: Fatorial; d: Desdobramento | null; unidade: string; casas: number }) {
  const mediaDe = (a: string, b: string) => f.medias.find((m) => m.nivelA === a && m.nivelB === b)?.media ?? 0;
  const aDentro = new Map(d?.aDentroDeB.map((l) => [l.nivel, l]));
  const bDentro = new Map(d?.bDentroDeA.map((l) => [l.nivel, l]));
  const efeitos = f.efeitosPrincipais;
  return (
    <ScrollTable caption={`Médias (${unidade}) de ${f.fatores.a} × ${f.fatores.b}`}>
      <thead>
        <tr>
          <th scope="col" className={cn(TH, FIRST_TH)}>
            {f.fatores.a} \ {f.fatores.b}
          </th>
          {f.niveisB.map((b) => (
            <th key={b} scope="col" className={TH_NUM}>
              {b}
            </th>
          ))}
          <th scope="col" className={TH_NUM}>
            Média
          </th>
        </tr>
      </thead>
      <tbody>
        {f.niveisA.map((a, i) => (
          <tr key={a} className={ROW}>
            <td className={FIRST_TD}>{a}</td>
            {f.niveisB.map((b) => (
              <td key={b} className={TD_NUM}>
                <ComLetras
                  casas={casas}
                  media={mediaDe(a, b)}
                  letras={d ? `${letrasDe(aDentro.get(b), a).toUpperCase()}${letrasDe(bDentro.get(a), b)}` : ''}
                />
              </td>
            ))}
            <td className={TD_NUM}>
              <ComLetras casas={casas} media={f.mediasA[i]?.media ?? 0} letras={efeitos ? letrasDe(efeitos.a, a) : ''} />
            </td>
          </tr>
        ))}
        <tr className={ROW}>
          <td className={FIRST_TD}>Média</td>
          {f.niveisB.map((b, j) => (
            <td key={b} className={TD_NUM}>
              <ComLetras casas={casas} media={f.mediasB[j]?.media ?? 0} letras={efeitos ? letrasDe(efeitos.b, b) : ''} />
            </td>
          ))}
          <td className={TD_NUM} />
        </tr>
      </tbody>
    </ScrollTable>
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
  return (
    <ScrollTable caption={caption}>
      <thead>
        <tr>
          <th scope="col" className={cn(TH, FIRST_TH)}>
            {dentroDe}
          </th>
          {['GL', 'SQ', 'QM', 'F', 'p', 'DMS (Tukey)'].map((h) => (
            <th key={h} scope="col" className={TH_NUM}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {linhas.map((l) => (
          <tr key={l.nivel} className={ROW}>
            <td className={FIRST_TD}>{l.nivel}</td>
            <td className={TD_NUM}>{l.gl}</td>
            <td className={TD_NUM}>{n(l.sq)}</td>
            <td className={TD_NUM}>{n(l.qm)}</td>
            <td className={TD_NUM}>{n(l.f, 3)}</td>
            <td className={TD_NUM}>{p(l.p)}</td>
            <td className={TD_NUM}>{n(l.dms)}</td>
          </tr>
        ))}
        <tr className={ROW}>
          <td className={FIRST_TD}>{erro.fonte}</td>
          <td className={TD_NUM}>{Number.isInteger(erro.gl) ? erro.gl : n(erro.gl)}</td>
          <td className={TD} />
          <td className={TD_NUM}>{n(erro.qm)}</td>
          <td className={TD} />
          <td className={TD} />
          <td className={TD} />
        </tr>
      </tbody>
    </ScrollTable>
  );
}

export function FactorialSection({
  a,
}: {
  a: Pick<AnalysisResponse, 'fatorial' | 'desdobramento' | 'anova'> & { transformacao?: { aplicada: string | null } };
}) {
  const f = a.fatorial;
  if (!f) return null;
  // With a transformation applied the factorial's means and DMS are on its scale, not in kg/ha.
  const transformada = Boolean(a.transformacao?.aplicada);
  const unidade = transformada ? 'escala transformada' : 'kg/ha';
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
