/**
 * What the form keeps in localStorage: the experiment being edited (the "editingExperiment"
 * entry, set by the dashboard; docs/product-rules.md#wizard) and drafts of work in progress
 * (decision 018), so that a reload
 * or a closed tab loses nothing a user typed. PDF bytes are never stored.
 */
import type { Experiment } from '../../../shared/experiment.js';
import { STORAGE_KEYS } from '../../lib/session.js';
import type { FormValues } from './form-values.js';

export interface Draft {
  values: FormValues;
  step: number;
  savedAt: string;
  /** The experiment's version when the draft was made (edit drafts). */
  version?: number;
}

const DRAFT_PREFIX = STORAGE_KEYS.draftPrefix;

export const draftKey = (experimentId: number | undefined) => `${DRAFT_PREFIX}${experimentId ?? 'novo'}`;

/** The stored editing experiment, or null when missing, 'null' or unreadable (docs/product-rules.md#wizard). */
export function readEditingExperiment(storage: Storage): Experiment | null {
  const raw = storage.getItem(STORAGE_KEYS.editingExperiment);
  if (!raw || raw === 'null') return null;
  try {
    const value = JSON.parse(raw) as Partial<Experiment> | null;
    if (!value || typeof value !== 'object' || typeof value.id !== 'number' || !Array.isArray(value.tratamentos)) return null;
    return value as Experiment;
  } catch {
    return null;
  }
}

export function clearEditingExperiment(storage: Storage): void {
  storage.removeItem(STORAGE_KEYS.editingExperiment);
}

export function readDraft(storage: Storage, key: string): Draft | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<Draft>;
    if (!d || typeof d !== 'object' || !d.values || typeof d.values !== 'object' || !Array.isArray(d.values.tratamentos)) return null;
    return {
      values: d.values,
      step: typeof d.step === 'number' ? d.step : 1,
      savedAt: String(d.savedAt ?? ''),
      ...(d.version ? { version: d.version } : {}),
    };
  } catch {
    return null;
  }
}

export function writeDraft(storage: Storage, key: string, draft: Draft): void {
  try {
    storage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private mode): the form still works, only without a draft.
  }
}

export function removeDraft(storage: Storage, key: string): void {
  storage.removeItem(key);
}
