/**
 * The wizard publishes its current step here; the header reads it to show "Passo X de Y" and the
 * step's name. A tiny external store so that neither component reaches into the other.
 */
import { useSyncExternalStore } from 'react';

export interface WizardProgress {
  step: number;
  total: number;
  /** The step's name ("Características do Solo"). */
  title: string;
}

let current: WizardProgress | null = null;
const listeners = new Set<() => void>();

export const wizardProgress = {
  set(progress: WizardProgress | null) {
    current = progress;
    listeners.forEach((l) => l());
  },
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useWizardProgress() {
  return useSyncExternalStore(wizardProgress.subscribe, wizardProgress.get);
}
