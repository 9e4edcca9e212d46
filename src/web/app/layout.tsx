import { Suspense, lazy } from 'react';
import { Link, Outlet } from 'react-router';
import { PAGE_TEXT } from '../../shared/messages.js';
import { LogoMark } from '../components/logo.js';

// The header (menus, account links) is not part of the sign-in pages' download.
const AppHeader = lazy(() => import('./header.js').then((m) => ({ default: m.AppHeader })));

/** Pages inside the product: header on top, content centred. */
export function AppLayout() {
  return (
    <div className="min-h-screen">
      <Suspense fallback={<div className="h-16 border-b border-soil-200 bg-white print:hidden" aria-hidden="true" />}>
        <AppHeader />
      </Suspense>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        <Outlet />
      </div>
    </div>
  );
}

/** Sign-in and sign-up pages: a centred card on a soft background, no header. */
export function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-brand-50 to-soil-50 px-4 py-10">
      <Link to="/login" className="mb-8 flex items-center gap-3">
        <LogoMark className="h-11 w-11" />
        <span className="text-2xl font-bold text-brand-800">{PAGE_TEXT.productName}</span>
      </Link>
      <div className="w-full max-w-md">
        <Outlet />
      </div>
    </div>
  );
}
