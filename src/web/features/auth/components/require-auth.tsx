import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigation } from 'react-router';
import type { Role } from '../../../../shared/constants.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useSession } from '../../../lib/api.js';
import { useAuthStatus } from '../auth-provider.js';

export function AuthLoading() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-slate-700" role="status">
      <Spinner className="h-8 w-8 text-brand-600" />
      <p className="text-lg font-semibold">Carregando... Verificando autenticação</p>
    </div>
  );
}

/**
 * Protected route: signed-out visitors go to /login, remembering where they were, or where they
 * were going when the session ended while the next page was still loading (its code or data).
 */
export function RequireAuth({ role, children }: { role?: Role; children: ReactNode }) {
  const status = useAuthStatus();
  const { user } = useSession();
  const current = useLocation();
  const location = useNavigation().location ?? current;
  if (status === 'checking') return <AuthLoading />;
  if (!user) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
  if (role && user.role !== role) return <Navigate to="/unauthorized" replace />;
  return <>{children}</>;
}

/** Where to go after signing in: the remembered page, else the dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login' ? from : '/dashboard';
}
