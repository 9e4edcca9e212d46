import type { ReactNode } from 'react';
import { Navigate, type Params, createBrowserRouter } from 'react-router';
import { AuthLoading, RequireAuth } from '../features/auth/index.js';
import { AppLayout, AuthLayout } from './layout.js';
import * as pages from './pages.js';
import { preloadLoader } from './prefetch.js';
import { LoginPage } from './routes/login.js';
import { NotFoundPage } from './routes/not-found.js';
import { UnauthorizedPage } from './routes/unauthorized.js';

/** What a route tells the layout: the first part of the document title ("Dashboard · Gestão Agrícola"). */
export interface RouteHandle {
  title: string | ((params: Params) => string);
}

const loading = <AuthLoading />;

/**
 * A page in a chunk of its own: its loader starts that chunk (and, for the dashboard, the data)
 * at navigation, in parallel with the sign-in check; until it has arrived the page shows `loading`.
 */
function lazyPage(path: string, title: RouteHandle['title'], Page: (typeof pages)[keyof typeof pages], guard?: 'signed-in' | 'admin') {
  const page = <Page fallback={loading} />;
  const element: ReactNode = guard ? <RequireAuth role={guard === 'admin' ? 'admin' : undefined}>{page}</RequireAuth> : page;
  return { path, element, handle: { title } satisfies RouteHandle, loader: preloadLoader, hydrateFallbackElement: loading };
}

/** The route table (docs/product-rules.md#routes-and-access), plus the pages the issues add. */
export const router = createBrowserRouter([
  { index: true, element: <Navigate to="/dashboard" replace /> },
  {
    element: <AuthLayout />,
    children: [
      { path: 'login', element: <LoginPage />, handle: { title: 'Entrar' } satisfies RouteHandle },
      lazyPage('register', 'Criar conta', pages.RegisterPage),
      lazyPage('forgot-password', 'Recuperar senha', pages.ForgotPasswordPage),
      lazyPage('reset-password', 'Redefinir senha', pages.ResetPasswordPage),
    ],
  },
  {
    element: <AppLayout />,
    children: [
      lazyPage('dashboard', 'Dashboard', pages.DashboardPage, 'signed-in'),
      lazyPage('novo-experimento', 'Novo experimento', pages.NewExperimentPage, 'signed-in'),
      lazyPage('test-extraction', 'Testar extração', pages.TestExtractionPage, 'signed-in'),
      lazyPage('perfil', 'Meu perfil', pages.ProfilePage, 'signed-in'),
      lazyPage('admin/usuarios', 'Usuários', pages.AdminUsersPage, 'admin'),
      lazyPage('admin/auditoria', 'Auditoria', pages.AdminAuditPage, 'admin'),
      lazyPage('experimentos/:id/relatorio', (p) => `Relatório do experimento ${p.id ?? ''}`, pages.TrialReportPage, 'signed-in'),
      lazyPage('experimentos/:id/croqui', (p) => `Croqui do experimento ${p.id ?? ''}`, pages.FieldKitPage, 'signed-in'),
      lazyPage('experimentos/:id/coleta', (p) => `Coleta do experimento ${p.id ?? ''}`, pages.CollectionPage, 'signed-in'),
      lazyPage('importar', 'Importar relatórios', pages.ImportPage, 'signed-in'),
      lazyPage('importar/revisao', 'Revisão da importação', pages.ImportReviewPage, 'signed-in'),
      lazyPage('analise-conjunta', 'Análise conjunta', pages.JointAnalysisPage, 'signed-in'),
      lazyPage('meta-analise', 'Meta-análise', pages.MetaAnalysisPage, 'signed-in'),
      { path: 'unauthorized', element: <UnauthorizedPage />, handle: { title: 'Acesso negado' } satisfies RouteHandle },
      lazyPage('terms', 'Termos de uso', pages.TermsPage),
      lazyPage('privacy', 'Política de privacidade', pages.PrivacyPage),
      { path: '*', element: <NotFoundPage />, handle: { title: 'Página não encontrada' } satisfies RouteHandle },
    ],
  },
]);
