import type { Experiment, Tratamento } from '../../../shared/experiment.js';
import type { additionalAnalyses, appliedProducts, experiments, treatments } from '../../db/schema.js';

export type ExperimentRow = typeof experiments.$inferSelect & { ownerName: string };
type TreatmentRow = typeof treatments.$inferSelect;
type ProductRow = typeof appliedProducts.$inferSelect;
type AnalysisRow = typeof additionalAnalyses.$inferSelect;

/** The one place that decides what an experiment looks like on the wire (CONTRACT.md). */
export function presentExperiment(e: ExperimentRow, tratamentos: Tratamento[]): Experiment {
  return {
    id: e.id,
    version: e.version,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
    owner: { id: e.ownerId, name: e.ownerName },
    consultoria: e.consultoria,
    marca: e.marca,
    bu: e.bu,
    regional: e.regional,
    cidade: e.cidade,
    estado: e.estado,
    latitude: e.latitude,
    longitude: e.longitude,
    teor_argila: e.teorArgila,
    teor_materia_organica: e.teorMateriaOrganica,
    cultura: e.cultura,
    cultivar: e.cultivar,
    ano: e.ano,
    tipo_estatistica: e.tipoEstatistica,
    custo_protocolo: e.custoProtocolo,
    roi: e.roi,
    pdf_filename: e.pdfFilename,
    produtividade_media: e.produtividadeMedia,
    tratamentos,
  };
}

/** Groups child rows (already ordered by position) under their experiments. */
export function assembleTreatments(
  treatmentRows: TreatmentRow[],
  productRows: ProductRow[],
  analysisRows: AnalysisRow[],
): Map<number, Tratamento[]> {
  const products = new Map<number, Tratamento['produtos_aplicados']>();
  for (const p of productRows) {
    const list = products.get(p.treatmentId) ?? [];
    list.push({ nome: p.nome, dose: p.dose, custo: p.custo });
    products.set(p.treatmentId, list);
  }
  const analyses = new Map<number, Tratamento['analises_adicionais']>();
  for (const a of analysisRows) {
    const list = analyses.get(a.treatmentId) ?? [];
    list.push({ nome: a.nome, valor: a.valor, unidade: a.unidade });
    analyses.set(a.treatmentId, list);
  }
  const byExperiment = new Map<number, Tratamento[]>();
  for (const t of treatmentRows) {
    const list = byExperiment.get(t.experimentId) ?? [];
    list.push({
      id: t.id,
      nome: t.nome,
      modalidade: t.modalidade,
      produtividade: t.produtividade,
      custo: t.custo,
      produtos_aplicados: products.get(t.id) ?? [],
      analises_adicionais: analyses.get(t.id) ?? [],
    });
    byExperiment.set(t.experimentId, list);
  }
  return byExperiment;
}
