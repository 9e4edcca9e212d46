import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { Link, Outlet, useLocation, useMatches, useNavigationType } from 'react-router';
import { PAGE_TEXT } from '../../shared/messages.js';
import { LogoMark } from '../components/logo.js';
import { cn } from '../lib/cn.js';
import { preloadable } from '../lib/preloadable.js';
import { OfflineBanner } from './offline-banner.js';
import type { RouteHandle } from './router.js';

// The header (menus, account links) is not part of the sign-in pages' download.
const AppHeader = preloadable(() => import('./header.js').then((m) => m.AppHeader));
const headerSpace = <div className="h-16 border-b border-soil-200 bg-white print:hidden" aria-hidden="true" />;

const MAIN_ID = 'conteudo';

/** "Dashboard · Gestão Agrícola": each route names itself in the tab and in the history (its handle's title). */
export function documentTitle(page: string | undefined): string {
  return page ? `${page} · ${PAGE_TEXT.productName}` : PAGE_TEXT.productName;
}

function useDocumentTitle() {
  const matches = useMatches();
  const match = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title);
  const title = (match?.handle as RouteHandle | undefined)?.title;
  const text = typeof title === 'function' ? title(match!.params) : title;
  useEffect(() => {
    document.title = documentTitle(text);
  }, [text]);
}

/**
 * A page reached by a link, a button or a redirect starts at its top, below the sticky header,
 * with the focus on its <main> (a screen reader starts there; the next Tab lands in the content).
 * Without it the window kept the previous page's scroll: after signing up on a phone the
 * dashboard opened scrolled down, its title under the header. Only a change of page counts: the
 * dashboard's filters, tabs and search change the query string and keep the scroll. Back and
 * forward (POP) and the first load are the browser's to restore. A focus the new page has taken
 * itself (a dialog, a field) is left alone.
 */
export function useStartPageAtTop() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  const last = useRef<string | null>(null);
  useLayoutEffect(() => {
    const previous = last.current;
    last.current = pathname;
    if (previous === pathname || type === 'POP' || hash) return;
    window.scrollTo(0, 0);
    const main = document.getElementById(MAIN_ID);
    const active = document.activeElement;
    const focusFree = !active || active === document.body || !active.isConnected || active.closest('header') !== null;
    if (main && focusFree) main.focus({ preventScroll: true });
  }, [pathname, hash, type]);
}

/**
 * The first thing a keyboard reaches on every page: it moves the focus to the page's content,
 * past the header. Hidden until focused.
 */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      className="sr-only rounded-lg bg-white text-sm font-semibold text-brand-800 shadow-lg ring-2 ring-brand-600 focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:px-4 focus:py-3"
    >
      Pular para o conteúdo
    </a>
  );
}

/** What every layout shares: the tab's title, the start at the top, and the skip link to the <main> holding the page. */
function PageFrame({ className, top, mainClassName }: { className: string; top: ReactNode; mainClassName: string }) {
  useDocumentTitle();
  useStartPageAtTop();
  return (
    <div className={className}>
      <SkipLink />
      {top}
      <main id={MAIN_ID} tabIndex={-1} className={cn(mainClassName, 'focus:outline-none')}>
        <Outlet />
      </main>
    </div>
  );
}

/** Pages inside the product: header on top, content centred. */
export function AppLayout() {
  return (
    <PageFrame
      className="min-h-screen"
      top={
        <>
          <AppHeader fallback={headerSpace} />
          <OfflineBanner />
        </>
      }
      mainClassName="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8"
    />
  );
}

/** Sign-in and sign-up pages: a centred card on a soft background, no header. */
export function AuthLayout() {
  return (
    <PageFrame
      className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-brand-50 to-soil-50 px-4 py-10"
      top={
        <Link to="/login" className="mb-8 flex items-center gap-3">
          <LogoMark className="h-11 w-11" />
          <span className="text-2xl font-bold text-brand-800">{PAGE_TEXT.productName}</span>
        </Link>
      }
      mainClassName="w-full max-w-md"
    />
  );
}
