import { PageTitle } from '../../components/page-title.js';

export function DashboardPage() {
  return <PageTitle title="Dashboard Agrícola" subtitle="Análise completa dos experimentos cadastrados" />;
}
