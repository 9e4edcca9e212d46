/**
 * The review of an extraction: confidence, what to check first (fields the extractor is unsure
 * of, each with where it was read), the other fields by section, and the treatments as a table.
 * Used by the form's extractor, the dashboard's test modal and /test-extraction.
 */
import type { ReactNode } from 'react';
import { type ExtractedTreatment, type ExtractionResult, type FieldEvidence, LOW_CONFIDENCE } from '../../../../shared/extraction.js';
import { MODALIDADE_SEM_APLICACAO } from '../../../../shared/constants.js';
import { formatNumber, formatPercent } from '../../../../shared/format.js';
import { Alert } from '../../../components/ui/alert.js';
import { Badge } from '../../../components/ui/badge.js';
import { DataTable } from '../../../components/ui/data-table.js';
import { cn } from '../../../lib/cn.js';
import { type ReviewModel, type ReviewRow, evidenceText, reviewModel } from '../review-model.js';
import { TextList } from '../../../components/ui/text-list.js';

const CHECK = 'Conferir';

/** An untreated control: the report gives it no product. */
const isControl = (t: ExtractedTreatment) => t.modalidade === MODALIDADE_SEM_APLICACAO;

/** A treatment's yield in pt-BR (kg/ha), or undefined when the report gave none. */
const yieldOf = (t: ExtractedTreatment) =>
  t.produtividade !== undefined && Number.isFinite(t.produtividade) ? formatNumber(t.produtividade, 1) : undefined;

/** "Maximus TS 2 L/ha; Produto B": a treatment's applied products with their doses, or undefined. */
export function productsOf(t: ExtractedTreatment): string | undefined {
  const list = (t.produtos_aplicados ?? []).map((p) =>
    [p.nome, p.dose !== undefined && Number.isFinite(p.dose) ? `${formatNumber(p.dose, 2)}${p.unidade ? ` ${p.unidade}` : ''}` : '']
      .filter(Boolean)
      .join(' '),
  );
  return list.length ? list.join('; ') : undefined;
}

export function EvidenceLine({ evidence, className }: { evidence: FieldEvidence | undefined; className?: string }) {
  if (!evidence) return null;
  return <p className={cn('mt-0.5 break-words text-xs text-slate-600', className)}>{evidenceText(evidence)}</p>;
}

function FieldRow({ row }: { row: ReviewRow }) {
  return (
    <div className="min-w-0" data-testid={`campo-${row.field}`}>
      <dt className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        {row.label}
        {row.check ? <Badge tone="yellow">{CHECK}</Badge> : null}
      </dt>
      <dd className={cn('text-sm', row.value === undefined ? 'italic text-slate-500' : 'font-medium text-slate-900')}>
        {row.value ?? 'não encontrado'}
        <EvidenceLine evidence={row.evidence} className="font-normal" />
      </dd>
    </div>
  );
}

function Section({ title, tone = 'plain', children }: { title: string; tone?: 'plain' | 'check'; children: ReactNode }) {
  return (
    <section className={cn('rounded-lg border p-4', tone === 'check' ? 'border-amber-300 bg-amber-50/60' : 'border-soil-200')}>
      <h4 className={cn('mb-3 text-sm font-semibold uppercase tracking-wide', tone === 'check' ? 'text-amber-900' : 'text-brand-800')}>
        {title}
      </h4>
      {children}
    </section>
  );
}

export function ExtractionReview({ result, fileName, children }: { result: ExtractionResult; fileName: string; children?: ReactNode }) {
  const model = reviewModel(result);
  const { confidence, warnings } = result;
  const tratamentos = result.data.tratamentos ?? [];
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold text-slate-900">Dados Extraídos</h3>
          <p className="break-all text-sm text-slate-600">{fileName}</p>
        </div>
        <div className="flex flex-wrap gap-2 text-sm">
          <span className="rounded-full bg-brand-100 px-3 py-1 font-medium text-brand-900">Confiança: {formatPercent(confidence)}</span>
          <span className="rounded-full bg-soil-100 px-3 py-1 font-medium text-slate-800">
            {model.found === 1 ? '1 campo encontrado' : `${model.found} campos encontrados`}
          </span>
        </div>
      </div>
      {model.yieldsMissing ? (
        <Alert tone="error" title="Produtividade dos tratamentos não encontrada">
          O relatório não trouxe a produtividade de nenhum tratamento, o principal resultado do ensaio. Confira o PDF e preencha a
          produtividade de cada tratamento no formulário.
        </Alert>
      ) : null}
      {confidence < LOW_CONFIDENCE ? (
        <Alert tone="warning" title="Revisão recomendada">
          A confiança da extração está abaixo de 80%. Confira os valores com o relatório antes de salvar.
        </Alert>
      ) : null}
      {warnings.length ? (
        <Alert tone="info" title="Avisos da extração">
          <TextList items={warnings} className="space-y-1" />
        </Alert>
      ) : null}
      {children}
      {model.toCheck.length ? (
        <Section title="Confira primeiro" tone="check">
          <p className="mb-3 text-sm text-slate-700">
            {model.toCheck.length === 1 ? 'Este valor foi lido' : `Estes ${model.toCheck.length} valores foram lidos`} com pouca certeza:
            compare com o relatório no local indicado.
          </p>
          <dl className="grid gap-3 sm:grid-cols-2">
            {model.toCheck.map((row) => (
              <FieldRow key={row.field} row={row} />
            ))}
          </dl>
        </Section>
      ) : null}
      {model.sections.map((s) => (
        <Section key={s.title} title={s.title}>
          <dl className="grid gap-3 sm:grid-cols-3">
            {s.rows.map((row) => (
              <FieldRow key={row.field} row={row} />
            ))}
          </dl>
        </Section>
      ))}
      <Section title="Tratamentos Detectados">
        {model.treatments.check || model.treatments.evidence ? (
          <div className="mb-3 flex flex-wrap items-start gap-2">
            {model.treatments.check ? <Badge tone="yellow">{CHECK}</Badge> : null}
            <EvidenceLine evidence={model.treatments.evidence} className="mt-0" />
          </div>
        ) : null}
        {tratamentos.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum tratamento encontrado no relatório.</p>
        ) : (
          <>
            {/* A narrow screen lists them (a table would hide the yield off to the side). */}
            <ol className="divide-y divide-soil-100 text-sm sm:hidden" aria-label="Tratamentos">
              {tratamentos.map((t, i) => (
                <li key={i} className="py-2">
                  <p className="font-medium text-slate-900">
                    <span className="text-slate-500">T{i + 1}</span> {t.nome || 'sem nome'}
                  </p>
                  <p className="text-slate-700">
                    {t.modalidade || <span className="italic text-slate-500">modalidade não informada</span>} ·{' '}
                    {yieldOf(t) ?? <span className="italic text-slate-500">produtividade não encontrada</span>}
                    {yieldOf(t) ? ' kg/ha' : ''}
                    {t.repeticoes?.length ? <span className="text-slate-600"> · {t.repeticoes.length} repetições</span> : null}
                  </p>
                  {productsOf(t) ? <p className="text-slate-700">Produtos: {productsOf(t)}</p> : null}
                </li>
              ))}
            </ol>
            <div className="hidden sm:block">
              <DataTable headers={['Tratamento', 'Modalidade', 'Produtos aplicados', 'Produtividade (kg/ha)']}>
                {tratamentos.map((t, i) => (
                  <tr key={i}>
                    <td className="px-4 py-2 font-medium text-slate-900">
                      <span className="text-slate-500">T{i + 1}</span> {t.nome || 'sem nome'}
                    </td>
                    <td className={cn('px-4 py-2', t.modalidade ? 'text-slate-800' : 'italic text-slate-500')}>
                      {t.modalidade || 'não informada'}
                    </td>
                    <td className={cn('px-4 py-2', productsOf(t) ? 'text-slate-800' : 'italic text-slate-500')}>
                      {productsOf(t) ?? (isControl(t) ? 'nenhum' : 'não informados')}
                    </td>
                    <td className="whitespace-nowrap px-4 py-2 tabular-nums">
                      {yieldOf(t) ?? <span className="italic text-slate-500">não encontrada</span>}
                      {t.repeticoes?.length ? <span className="block text-xs text-slate-600">{t.repeticoes.length} repetições</span> : null}
                    </td>
                  </tr>
                ))}
              </DataTable>
            </div>
          </>
        )}
      </Section>
      {model.assessments.list.length ? <AssessmentsSection model={model.assessments} tratamentos={tratamentos} /> : null}
    </div>
  );
}

/**
 * The assessments the results table gives beside the yields: each one's name, unit, stage and
 * type, and each treatment's mean; confirming adds them to step 5 with the means in the first block.
 */
function AssessmentsSection({ model, tratamentos }: { model: ReviewModel['assessments']; tratamentos: readonly ExtractedTreatment[] }) {
  return (
    <Section title="Avaliações Detectadas">
      <div className="mb-3 flex flex-wrap items-start gap-2">
        {model.check ? <Badge tone="yellow">{CHECK}</Badge> : null}
        <EvidenceLine evidence={model.evidence} className="mt-0" />
      </div>
      <ul className="mb-3 space-y-1 text-sm text-slate-800" aria-label="Avaliações">
        {model.list.map((a) => (
          <li key={a.chave}>
            <span className="font-medium">{a.label}</span> <span className="text-slate-600">· {a.tipo}</span>
          </li>
        ))}
      </ul>
      <DataTable headers={['Tratamento', ...model.list.map((a) => a.label)]}>
        {tratamentos.map((t, i) => (
          <tr key={i}>
            <td className="px-4 py-2 font-medium text-slate-900">
              <span className="text-slate-500">T{i + 1}</span> {t.nome || 'sem nome'}
            </td>
            {model.list.map((a) => (
              <td key={a.chave} className="whitespace-nowrap px-4 py-2 tabular-nums">
                {a.values[i] ?? <span className="italic text-slate-500">–</span>}
              </td>
            ))}
          </tr>
        ))}
      </DataTable>
      <p className="mt-2 text-xs text-slate-600">
        Médias por tratamento, como o relatório as apresenta. Ao confirmar, cada média vai para o primeiro bloco da avaliação no passo 5; os
        valores por parcela podem ser lançados lá.
      </p>
    </Section>
  );
}
