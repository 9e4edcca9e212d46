import type { ReactNode } from 'react';
import { Navigate, createBrowserRouter } from 'react-router';
import { RequireAuth } from '../features/auth/components/require-auth.js';
import { AppLayout, AuthLayout } from './layout.js';
import { AdminUsersPage } from './routes/admin-users.js';
import { DashboardPage } from './routes/dashboard.js';
import { ForgotPasswordPage } from './routes/forgot-password.js';
import { LoginPage } from './routes/login.js';
import { NewExperimentPage } from './routes/new-experiment.js';
import { NotFoundPage } from './routes/not-found.js';
import { PrivacyPage } from './routes/privacy.js';
import { ProfilePage } from './routes/profile.js';
import { RegisterPage } from './routes/register.js';
import { ResetPasswordPage } from './routes/reset-password.js';
import { TermsPage } from './routes/terms.js';
import { TestExtractionPage } from './routes/test-extraction.js';
import { UnauthorizedPage } from './routes/unauthorized.js';

const protect = (element: ReactNode, role?: 'admin') => <RequireAuth role={role}>{element}</RequireAuth>;

/** The route table of the spec (000 §2), plus the pages the issues add. */
export const router = createBrowserRouter([
  { index: true, element: <Navigate to="/dashboard" replace /> },
  {
    element: <AuthLayout />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
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
      { path: 'unauthorized', element: <UnauthorizedPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
