import { DashboardView } from '../../features/dashboard/components/dashboard-view.js';

export function DashboardPage() {
  return <DashboardView />;
}
