import { PageTitle } from '../../components/page-title.js';

export function NewExperimentPage() {
  return <PageTitle title="Novo Experimento" />;
}
