/**
 * The planning checklist the wizard was given (app/ passes features/compliance's PlanningChecklist,
 * lib/slots.ts), shown by steps 5 and 6 under the blocks and the design. The wizard renders it into
 * this context; nothing without one (the import review's one-page form).
 */
import { type ReactNode, createContext, useContext } from 'react';

export const PlanningChecklistContext = createContext<ReactNode>(null);

export function PlanningChecklistHere() {
  return useContext(PlanningChecklistContext);
}
