import { PageTitle } from '../../components/page-title.js';

export function ProfilePage() {
  return <PageTitle title="Meu Perfil" />;
}
