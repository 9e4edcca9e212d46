import { Navigate, createBrowserRouter } from 'react-router';
import { AppLayout, AuthLayout } from './layout.js';
import { DashboardPage } from './routes/dashboard.js';
import { ForgotPasswordPage } from './routes/forgot-password.js';
import { LoginPage } from './routes/login.js';
import { NewExperimentPage } from './routes/new-experiment.js';
import { NotFoundPage } from './routes/not-found.js';
import { PrivacyPage } from './routes/privacy.js';
import { ProfilePage } from './routes/profile.js';
import { RegisterPage } from './routes/register.js';
import { TermsPage } from './routes/terms.js';
import { TestExtractionPage } from './routes/test-extraction.js';
import { UnauthorizedPage } from './routes/unauthorized.js';

/** The route table of the spec (000 §2). */
export const router = createBrowserRouter([
  { index: true, element: <Navigate to="/dashboard" replace /> },
  {
    element: <AuthLayout />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
    ],
  },
  {
    element: <AppLayout />,
    children: [
      { path: 'dashboard', element: <DashboardPage /> },
      { path: 'novo-experimento', element: <NewExperimentPage /> },
      { path: 'test-extraction', element: <TestExtractionPage /> },
      { path: 'perfil', element: <ProfilePage /> },
      { path: 'unauthorized', element: <UnauthorizedPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
