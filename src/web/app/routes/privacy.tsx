import { PageTitle } from '../../components/page-title.js';

export function PrivacyPage() {
  return <PageTitle title="Política de Privacidade" />;
}
