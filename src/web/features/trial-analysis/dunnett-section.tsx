/**
 * The report's other comparisons: Dunnett's test of every treatment against the control,
 * with adjusted p values, and the letters of every multiple-comparison test side by side with their
 * least significant differences.
 */
import type { AnalysisResponse } from '../../../shared/api-types.js';
import { Badge } from '../../components/ui/badge.js';
import type { GrupoMedia } from '../../../shared/stats/index.js';
import { COLUNAS_MEDIA, ReportTable, type ReportColumn, n, p } from './report-table.js';

const ALFA = 0.05;

type Secao = Pick<AnalysisResponse, 'dunnett' | 'testemunha' | 'anova' | 'tukey' | 'scottKnott' | 'lsd' | 'duncan' | 'snk' | 'variavel'>;

function Resultado({ superior, bilateral, diferenca }: { superior: number; bilateral: number; diferenca: number }) {
  if (superior < ALFA) return <Badge tone="green">Superior à testemunha</Badge>;
  if (bilateral < ALFA && diferenca < 0) return <Badge>Inferior à testemunha</Badge>;
  return <Badge>Não difere da testemunha</Badge>;
}

/** "12,3 (2 médias) a 15,6 (5 médias)" for SNK and Duncan, whose difference grows with the range. */
function faixa(amplitudes: { medias: number; dms: number }[]): string {
  const first = amplitudes[0];
  const last = amplitudes[amplitudes.length - 1];
  if (!first || !last) return '-';
  if (first === last) return n(first.dms);
  return `${n(first.dms)} (${first.medias} médias) a ${n(last.dms)} (${last.medias} médias)`;
}

export function DunnettSection({ a }: { a: Secao }) {
  const superior = new Map(a.dunnett.superior.map((c) => [c.nome, c.p]));
  const letras = (grupos: { nome: string; letras: string }[]) => new Map(grupos.map((g) => [g.nome, g.letras]));
  const testes = [
    { nome: 'Tukey', letras: letras(a.tukey.grupos) },
    { nome: 'Scott-Knott', letras: letras(a.scottKnott.grupos) },
    { nome: 't (LSD)', letras: letras(a.lsd.grupos) },
    { nome: 'Duncan', letras: letras(a.duncan.grupos) },
    { nome: 'SNK', letras: letras(a.snk.grupos) },
  ];
  const controle = a.testemunha?.nome ?? a.tukey.grupos[0]?.nome ?? '';
  // Yield in kg/ha, an assessment in its own unit.
  const unidade = a.variavel ? a.variavel.unidade : 'kg/ha';
  const emUnidade = unidade ? ` ${unidade}` : '';
  return (
    <div className="space-y-4">
      <div className="min-w-0">
        <ReportTable
          caption="Comparação com a testemunha (Dunnett)"
          columns={[
            { header: 'Tratamento', cell: (c) => c.nome },
            {
              header: unidade ? `Diferença (${unidade})` : 'Diferença',
              kind: 'number',
              cell: (c) => (c.diferenca > 0 ? `+${n(c.diferenca, 1)}` : n(c.diferenca, 1)),
            },
            { header: 'p bilateral', kind: 'number', cell: (c) => p(c.p) },
            { header: 'p superior', kind: 'number', cell: (c) => p(c.pSuperior) },
            {
              header: 'Resultado (5%)',
              cell: (c) => <Resultado superior={c.pSuperior} bilateral={c.p} diferenca={c.diferenca} />,
            },
          ]}
          rows={a.dunnett.bilateral.map((c) => ({ ...c, pSuperior: superior.get(c.nome) ?? 1 }))}
          rowKey={(c) => c.nome}
        />
        <p className="mt-1 text-xs text-slate-600">
          Cada tratamento comparado com a testemunha ({controle}); valores p ajustados para as {a.dunnett.bilateral.length} comparações
          (teste de Dunnett, {a.anova.residuo.gl} gl do resíduo). p superior: teste unilateral, hipótese de que o tratamento supera a
          testemunha.
        </p>
      </div>
      <div className="min-w-0">
        <ReportTable
          caption="Letras por teste (5%)"
          columns={[
            ...COLUNAS_MEDIA,
            ...testes.map((t): ReportColumn<GrupoMedia> => ({ header: t.nome, kind: 'letters', cell: (g) => t.letras.get(g.nome) ?? '' })),
          ]}
          rows={a.tukey.grupos}
          rowKey={(g) => g.nome}
        />
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs text-slate-600">
          <dt>DMS Tukey</dt>
          <dd>
            {n(a.tukey.dms)}
            {emUnidade}
          </dd>
          <dt>DMS t (LSD)</dt>
          <dd>
            {n(a.lsd.dms)}
            {emUnidade}
          </dd>
          <dt>DMS Duncan</dt>
          <dd>
            {faixa(a.duncan.amplitudes)}
            {emUnidade}
          </dd>
          <dt>DMS SNK</dt>
          <dd>
            {faixa(a.snk.amplitudes)}
            {emUnidade}
          </dd>
        </dl>
        <p className="mt-1 text-xs text-slate-600">
          Em cada coluna, médias seguidas da mesma letra não diferem entre si a 5%. Scott-Knott agrupa sem DMS.
        </p>
      </div>
    </div>
  );
}
