import { PageTitle } from '../../components/page-title.js';

export function TestExtractionPage() {
  return <PageTitle title="Extração Automática de Dados" />;
}
