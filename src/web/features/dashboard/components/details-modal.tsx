import { ApplicationsTable } from '../../../components/applications-table.js';
import { AssessmentMeans } from '../../../components/assessment-means.js';
import { SituacaoBadge } from '../../../components/situacao-badge.js';
import { TrialFieldLinks } from '../../../components/trial-field-links.js';
import type { ReactNode } from 'react';
import type { Experiment, Tratamento } from '../../../../shared/experiment.js';
import { TREATMENT_FIELDS, detailsLabel, experimentFields } from '../../../../shared/fields/catalogue.js';
import { type DetailSection, formatFieldValue } from '../../../../shared/fields/kinds.js';
import { formatBRL, formatKgHa, formatNumber } from '../../../../shared/format.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Modal } from '../../../components/ui/modal.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { Link } from 'react-router';
import type { AnalysisSlot } from '../../../lib/slots.js';
import { useExperiment } from '../api/queries.js';
import { DescriptionItem } from '../../../components/ui/description-item.js';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-soil-200 p-4">
      <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-brand-800">{title}</h3>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">{children}</dl>
    </section>
  );
}

/** The catalogue's fields of a section, each with its label and its value in its unit. */
function sectionItems(e: Experiment, section: DetailSection, { onlyPresent = false } = {}): ReactNode[] {
  return experimentFields((f) => f.details === section)
    .filter(([name]) => !onlyPresent || (e[name] !== null && e[name] !== undefined))
    .map(([name, f]) => <DescriptionItem look="detail" key={name} label={detailsLabel(f)} value={formatFieldValue(f, e[name])} />);
}

/** The soil section, and each of its values, only when present. */
function SoloSection({ e }: { e: Experiment }) {
  const items = sectionItems(e, 'solo', { onlyPresent: true });
  return items.length ? <Section title="Características do Solo">{items}</Section> : null;
}

/** A treatment's levels of the factors and its dose for the regression, when it has them. */
function Levels({ e, t }: { e: Experiment; t: Tratamento }) {
  const parts = [
    t.nivel_a ? `${e.fator_a || TREATMENT_FIELDS.nivel_a.label}: ${t.nivel_a}` : '',
    t.nivel_b ? `${e.fator_b || TREATMENT_FIELDS.nivel_b.label}: ${t.nivel_b}` : '',
    t.dose !== null && t.dose !== undefined ? `${TREATMENT_FIELDS.dose.label}: ${formatNumber(t.dose, 2)}` : '',
  ].filter(Boolean);
  return parts.length ? <p className="text-slate-700">{parts.join(' · ')}</p> : null;
}

/** "Detalhes do Experimento" (docs/product-rules.md#details-modal): closes on Fechar, the backdrop and Escape. */
export function DetailsModal({ id, onClose, analysis: AnalysisView }: { id: number | null; onClose: () => void; analysis: AnalysisSlot }) {
  const { data: e, isPending, isError } = useExperiment(id);
  return (
    <Modal open={id !== null} onClose={onClose} title="Detalhes do Experimento" footer={<Button onClick={onClose}>Fechar</Button>}>
      {isPending ? (
        <div className="flex justify-center py-10 text-brand-700">
          <Spinner className="h-8 w-8" />
        </div>
      ) : isError || !e ? (
        <Alert tone="error">Erro ao buscar experimento</Alert>
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <span>Situação:</span>
              <SituacaoBadge situacao={e.situacao} showConcluido />
            </p>
            <TrialFieldLinks experiment={e} />
          </div>
          <Section title="Informações Básicas">{sectionItems(e, 'basicas')}</Section>
          <Section title="Localização e Cultura">
            <DescriptionItem look="detail" label="Local" value={`${e.cidade}/${e.estado}`} />
            {sectionItems(e, 'local')}
          </Section>
          <SoloSection e={e} />
          <Section title="Resultados">
            <DescriptionItem
              look="detail"
              label="Produtividade média"
              value={e.produtividade_media === null ? '—' : formatKgHa(e.produtividade_media)}
            />
            {sectionItems(e, 'resultados')}
          </Section>
          <section className="rounded-lg border border-soil-200 p-4">
            <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-brand-800">Tratamentos</h3>
            {e.fator_a || e.fator_b ? (
              <p className="mb-3 text-sm text-slate-700">
                Fatores: <strong className="text-slate-900">{e.fator_a || 'Fator A'}</strong> ×{' '}
                <strong className="text-slate-900">{e.fator_b || 'Fator B'}</strong>
              </p>
            ) : null}
            <ul className="space-y-3">
              {e.tratamentos.map((t, i) => (
                <li key={t.id} className="rounded-md bg-soil-50 p-3 text-sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="font-semibold text-slate-900">
                      T{i + 1} - {t.nome} <span className="font-normal text-slate-600">({t.modalidade})</span>
                    </p>
                    <p className="font-semibold text-brand-800">{t.produtividade === null ? '—' : formatKgHa(t.produtividade)}</p>
                  </div>
                  {t.custo > 0 ? <p className="text-slate-700">Custo total: {formatBRL(t.custo)}</p> : null}
                  <Levels e={e} t={t} />
                  {t.produtos_aplicados.length ? (
                    <div className="mt-2">
                      <p className="text-xs font-medium text-slate-600">Produtos aplicados</p>
                      <ul className="ml-4 list-disc text-slate-800">
                        {t.produtos_aplicados.map((p, k) => (
                          <li key={k}>
                            {p.nome}
                            {p.dose !== null ? ` · dose ${formatNumber(p.dose, 2)}${p.unidade ? ` ${p.unidade}` : ''}` : ''}
                            {p.custo !== null ? ` · ${formatBRL(p.custo)}` : ''}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                  {t.analises_adicionais.length ? (
                    <div className="mt-2">
                      <p className="text-xs font-medium text-slate-600">Análises adicionais</p>
                      <ul className="ml-4 list-disc text-slate-800">
                        {t.analises_adicionais.map((a, k) => (
                          <li key={k}>
                            {a.nome}: {a.valor !== null ? formatNumber(a.valor, 2) : '-'} {a.unidade}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
          {e.aplicacoes?.length ? (
            <section className="rounded-lg border border-soil-200 p-4">
              <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-brand-800">Aplicações</h3>
              <ApplicationsTable experiment={e} />
            </section>
          ) : null}
          {e.avaliacoes.length ? (
            <section className="rounded-lg border border-soil-200 p-4">
              <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-brand-800">Avaliações</h3>
              <AssessmentMeans experiment={e} />
            </section>
          ) : null}
          <section className="rounded-lg border border-soil-200 p-4">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-semibold uppercase tracking-wide text-brand-800">Análise Estatística</h3>
              {e.tratamentos.every((t) => t.repeticoes?.length) ? (
                <Link
                  to={`/experimentos/${e.id}/relatorio`}
                  className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  Relatório para impressão
                </Link>
              ) : null}
            </div>
            <AnalysisView id={e.id} avaliacoes={e.avaliacoes} semProdutividade={e.tratamentos.some((t) => t.produtividade === null)} />
          </section>
        </div>
      )}
    </Modal>
  );
}
