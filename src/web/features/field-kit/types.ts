/** The experiment as the field kit reads it: the API's experiment, with the field plan's fields (docs/api.md#field-plan). */
import type { Experiment } from '../../../shared/experiment.js';

export type ExperimentoCampo = Experiment;
export type AplicacaoCampo = Experiment['aplicacoes'][number];
export type AvaliacaoCampo = Experiment['avaliacoes'][number];
