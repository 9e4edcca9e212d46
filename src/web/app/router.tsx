import { type ReactNode, Suspense, lazy } from 'react';
import { Navigate, createBrowserRouter } from 'react-router';
import { AuthLoading, RequireAuth } from '../features/auth/index.js';
import { AppLayout, AuthLayout } from './layout.js';
import { LoginPage } from './routes/login.js';
import { NotFoundPage } from './routes/not-found.js';
import { UnauthorizedPage } from './routes/unauthorized.js';

// Every page but sign-in is a separate chunk: the sign-in page downloads none of them.
const page = <K extends string>(load: () => Promise<Record<K, () => ReactNode>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
const RegisterPage = page(() => import('./routes/register.js'), 'RegisterPage');
const ForgotPasswordPage = page(() => import('./routes/forgot-password.js'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('./routes/reset-password.js'), 'ResetPasswordPage');
const DashboardPage = page(() => import('./routes/dashboard.js'), 'DashboardPage');
const NewExperimentPage = page(() => import('./routes/new-experiment.js'), 'NewExperimentPage');
const TestExtractionPage = page(() => import('./routes/test-extraction.js'), 'TestExtractionPage');
const ProfilePage = page(() => import('./routes/profile.js'), 'ProfilePage');
const AdminUsersPage = page(() => import('./routes/admin-users.js'), 'AdminUsersPage');
const AdminAuditPage = page(() => import('./routes/admin-audit.js'), 'AdminAuditPage');
const TermsPage = page(() => import('./routes/terms.js'), 'TermsPage');
const TrialReportPage = page(() => import('./routes/trial-report.js'), 'TrialReportPage');
const PrivacyPage = page(() => import('./routes/privacy.js'), 'PrivacyPage');

const suspended = (element: ReactNode) => <Suspense fallback={<AuthLoading />}>{element}</Suspense>;
const protect = (element: ReactNode, role?: 'admin') => <RequireAuth role={role}>{suspended(element)}</RequireAuth>;

/** The route table of the spec (000 §2), plus the pages the issues add. */
export const router = createBrowserRouter([
  { index: true, element: <Navigate to="/dashboard" replace /> },
  {
    element: <AuthLayout />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: suspended(<RegisterPage />) },
      { path: 'forgot-password', element: suspended(<ForgotPasswordPage />) },
      { path: 'reset-password', element: suspended(<ResetPasswordPage />) },
    ],
  },
  {
    element: <AppLayout />,
    children: [
      { path: 'dashboard', element: protect(<DashboardPage />) },
      { path: 'novo-experimento', element: protect(<NewExperimentPage />) },
      { path: 'test-extraction', element: protect(<TestExtractionPage />) },
      { path: 'perfil', element: protect(<ProfilePage />) },
      { path: 'admin/usuarios', element: protect(<AdminUsersPage />, 'admin') },
      { path: 'admin/auditoria', element: protect(<AdminAuditPage />, 'admin') },
      { path: 'experimentos/:id/relatorio', element: protect(<TrialReportPage />) },
      { path: 'unauthorized', element: <UnauthorizedPage /> },
      { path: 'terms', element: suspended(<TermsPage />) },
      { path: 'privacy', element: suspended(<PrivacyPage />) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
