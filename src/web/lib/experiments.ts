import type { Experiment } from '../../shared/experiment.js';
import { api } from './api.js';

/** One experiment with its nested rows and its `version` (used by the form and the dashboard). */
export const fetchExperiment = (id: number) => api.request<{ experiment: Experiment }>(`/api/experiments/${id}`).then((r) => r.experiment);
