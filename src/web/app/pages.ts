/**
 * Every page but sign-in is a chunk of its own that the sign-in page never downloads. Each is
 * preloadable: a route's loader, a hovered or focused link and app start fetch it before it is
 * rendered (prefetch.ts), and a page already fetched renders at once, without a Suspense pause.
 */
import { preloadable } from '../lib/preloadable.js';

export const RegisterPage = preloadable(() => import('./routes/register.js').then((m) => m.RegisterPage));
export const ForgotPasswordPage = preloadable(() => import('./routes/forgot-password.js').then((m) => m.ForgotPasswordPage));
export const ResetPasswordPage = preloadable(() => import('./routes/reset-password.js').then((m) => m.ResetPasswordPage));
export const DashboardPage = preloadable(() => import('./routes/dashboard.js').then((m) => m.DashboardPage));
export const NewExperimentPage = preloadable(() => import('./routes/new-experiment.js').then((m) => m.NewExperimentPage));
export const TestExtractionPage = preloadable(() => import('./routes/test-extraction.js').then((m) => m.TestExtractionPage));
export const ProfilePage = preloadable(() => import('./routes/profile.js').then((m) => m.ProfilePage));
export const AdminUsersPage = preloadable(() => import('./routes/admin-users.js').then((m) => m.AdminUsersPage));
export const AdminAuditPage = preloadable(() => import('./routes/admin-audit.js').then((m) => m.AdminAuditPage));
export const TermsPage = preloadable(() => import('./routes/terms.js').then((m) => m.TermsPage));
export const TrialReportPage = preloadable(() => import('./routes/trial-report.js').then((m) => m.TrialReportPage));
export const FieldKitPage = preloadable(() => import('./routes/field-kit.js').then((m) => m.FieldKitPage));
export const JointAnalysisPage = preloadable(() => import('./routes/joint-analysis.js').then((m) => m.JointAnalysisPage));
export const MetaAnalysisPage = preloadable(() => import('./routes/meta-analysis.js').then((m) => m.MetaAnalysisPage));
export const ImportPage = preloadable(() => import('./routes/import.js').then((m) => m.ImportPage));
export const ImportReviewPage = preloadable(() => import('./routes/import-review.js').then((m) => m.ImportReviewPage));
export const CollectionPage = preloadable(() => import('./routes/field-collection.js').then((m) => m.CollectionPage));
export const PrivacyPage = preloadable(() => import('./routes/privacy.js').then((m) => m.PrivacyPage));
