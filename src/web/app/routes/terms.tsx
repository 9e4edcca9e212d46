import { PageTitle } from '../../components/page-title.js';

export function TermsPage() {
  return <PageTitle title="Termos de Uso" />;
}
