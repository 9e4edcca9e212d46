import { DashboardView } from '../../features/dashboard/index.js';
import { PdfExtractor } from '../../features/extraction/index.js';
import { AnalysisView } from '../../features/trial-analysis/index.js';

/** Composition: the dashboard shows the extractor (its test button) and the analysis (details modal). */
export function DashboardPage() {
  return <DashboardView extractor={PdfExtractor} analysis={AnalysisView} />;
}
