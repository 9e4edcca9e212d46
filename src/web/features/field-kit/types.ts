/**
 * The experiment as the field kit reads it: the usual fields and the field plan's (docs/api.md#field-plan).
 * The field plan's fields are optional here: a trial saved before them answers without them.
 */
import type { Avaliacao } from '../../../shared/assessments.js';
import type { Experiment } from '../../../shared/experiment.js';
import type { DimensoesParcela, Situacao } from '../../../shared/field-plan.js';

export interface AplicacaoCampo {
  chave: string;
  data: string | null;
  estadio: string | null;
  volume_calda_l_ha: number | null;
  equipamento: string | null;
  temperatura_c: number | null;
  umidade_pct: number | null;
  vento_km_h: number | null;
  /** Indices in `tratamentos`; empty = every treatment. */
  tratamentos: number[];
}

export type AvaliacaoCampo = Avaliacao & { daa?: number | null };

export interface ExperimentoCampo extends Omit<Experiment, 'avaliacoes'> {
  situacao?: Situacao;
  blocos?: number | null;
  parcela?: DimensoesParcela | null;
  aplicacoes?: AplicacaoCampo[];
  avaliacoes?: AvaliacaoCampo[];
}
