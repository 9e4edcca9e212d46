import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { PublicUser } from '../../shared/auth.js';
import { initials } from '../../shared/format.js';
import { PAGE_TEXT } from '../../shared/messages.js';
import { LogoMark } from '../components/logo.js';
import { Button, buttonClasses } from '../components/ui/button.js';
import { useSession } from '../lib/api.js';
import { STORAGE_KEYS } from '../lib/session.js';
import { useWizardProgress } from '../lib/wizard-progress.js';
import { RoleBadge } from '../features/auth/index.js';
import { usePendentes } from '../lib/offline-queue.js';
import { PendingButton, PendingPanel } from './pending-panel.js';
import { preloadOnIntent } from './prefetch.js';
import { useSignOut } from './sign-out.js';
import { LineIcon } from '../components/ui/line-icon.js';

/**
 * "Passo X de Y · name": beside the logo from tablets up; on phones it wraps to a row of its own
 * under the logo, so the step's name is never hidden.
 */
function StepProgress() {
  const progress = useWizardProgress();
  const { pathname } = useLocation();
  if (!progress || pathname === '/dashboard') return null;
  const pct = Math.round((progress.step / progress.total) * 100);
  return (
    <div
      className="order-last flex w-full min-w-0 flex-col gap-1.5 pb-2.5 md:order-none md:w-auto md:max-w-md md:flex-1 md:flex-row md:items-center md:gap-3 md:pb-0"
      aria-label="Progresso do formulário"
    >
      <span className="min-w-0 truncate text-sm font-medium text-slate-700">
        Passo {progress.step} de {progress.total}
        {progress.title ? <span className="text-slate-600"> · {progress.title}</span> : null}
      </span>
      <div
        className="h-1.5 w-full overflow-hidden rounded-full bg-soil-200 md:h-2 md:w-auto md:min-w-16 md:flex-1"
        role="progressbar"
        aria-valuemin={1}
        aria-valuemax={progress.total}
        aria-valuenow={progress.step}
        aria-valuetext={`Passo ${progress.step} de ${progress.total}${progress.title ? `: ${progress.title}` : ''}`}
      >
        <div className="h-full rounded-full bg-brand-500 transition-all" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/** "Novo Experimento" (clears the stored editing experiment) or, on the form, "Ver Dashboard". */
function useNewExperimentAction() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onForm = pathname === '/novo-experimento';
  return {
    label: onForm ? 'Ver Dashboard' : 'Novo Experimento',
    intent: preloadOnIntent(onForm ? '/dashboard' : '/novo-experimento'),
    go: () => {
      if (onForm) return navigate('/dashboard');
      localStorage.removeItem(STORAGE_KEYS.editingExperiment);
      navigate('/novo-experimento');
    },
  };
}

function useDismiss(open: boolean, close: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onClick = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('mousedown', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);
  return ref;
}

function UserSummary({ user }: { user: PublicUser }) {
  return (
    <div className="px-4 py-3">
      <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
      <p className="truncate text-sm text-slate-600">{user.email}</p>
      <div className="mt-2">
        <RoleBadge role={user.role} />
      </div>
    </div>
  );
}

const MENU_ITEM = 'block w-full px-4 py-2.5 text-left text-sm text-slate-800 hover:bg-soil-100 focus-visible:bg-soil-100';

/** The account links both menus offer; `menuitem` roles only inside the desktop dropdown. */
function AccountLinks({ user, onNavigate, asMenu }: { user: PublicUser; onNavigate: () => void; asMenu: boolean }) {
  const signOut = useSignOut();
  const role = asMenu ? 'menuitem' : undefined;
  return (
    <>
      <Link role={role} to="/perfil" className={MENU_ITEM} onClick={onNavigate} {...preloadOnIntent('/perfil')}>
        Meu Perfil
      </Link>
      <Link role={role} to="/importar" className={MENU_ITEM} onClick={onNavigate} {...preloadOnIntent('/importar')}>
        Importar relatórios
      </Link>
      <Link role={role} to="/importar/revisao" className={MENU_ITEM} onClick={onNavigate} {...preloadOnIntent('/importar/revisao')}>
        Revisão da importação
      </Link>
      {user.role === 'admin' ? (
        <>
          <Link role={role} to="/admin/usuarios" className={MENU_ITEM} onClick={onNavigate} {...preloadOnIntent('/admin/usuarios')}>
            Usuários
          </Link>
          <Link role={role} to="/admin/auditoria" className={MENU_ITEM} onClick={onNavigate} {...preloadOnIntent('/admin/auditoria')}>
            Auditoria
          </Link>
        </>
      ) : null}
      <button
        role={role}
        type="button"
        className={`${MENU_ITEM} text-red-700`}
        onClick={() => {
          onNavigate();
          void signOut();
        }}
      >
        Sair
      </button>
    </>
  );
}

function UserMenu({ user }: { user: PublicUser }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const ref = useDismiss(open, close);
  return (
    <div className="relative hidden md:block" ref={ref} data-menu-open={open || undefined}>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Menu do usuário ${user.name}`}
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-3 hover:bg-soil-100"
      >
        <span
          className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
          aria-hidden="true"
        >
          {initials(user.name)}
        </span>
        <span className="max-w-36 truncate text-sm font-medium text-slate-800">{user.name}</span>
        <svg viewBox="0 0 20 20" className="h-4 w-4 text-slate-600" fill="currentColor" aria-hidden="true">
          <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" fill="none" />
        </svg>
      </button>
      {open ? (
        <div role="menu" className="absolute right-0 mt-2 w-64 overflow-hidden rounded-xl border border-soil-200 bg-white shadow-lg">
          <UserSummary user={user} />
          <div className="border-t border-soil-100 py-1">
            <AccountLinks user={user} onNavigate={close} asMenu />
          </div>
        </div>
      ) : null}
    </div>
  );
}

function MobileMenu({ user, onOpenPending }: { user: PublicUser; onOpenPending: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const ref = useDismiss(open, close);
  const action = useNewExperimentAction();
  const pending = usePendentes(user.id).length;
  return (
    <div className="md:hidden" ref={ref} data-menu-open={open || undefined}>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-label={`${open ? 'Fechar menu' : 'Abrir menu'}${pending ? ` (Pendentes: ${pending})` : ''}`}
        className="relative flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-soil-100"
      >
        {pending ? (
          <span
            aria-hidden="true"
            className="absolute right-0.5 top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-amber-700 px-1 text-[10px] font-bold text-white"
          >
            {pending}
          </span>
        ) : null}
        <LineIcon className="h-6 w-6">
          {open ? <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" /> : <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />}
        </LineIcon>
      </button>
      {open ? (
        <div className="absolute inset-x-0 top-full border-b border-soil-200 bg-white shadow-lg">
          <UserSummary user={user} />
          <div className="space-y-1 border-t border-soil-100 p-3">
            <Button
              className="w-full"
              {...action.intent}
              onClick={() => {
                close();
                action.go();
              }}
            >
              {action.label}
            </Button>
            <PendingButton
              className="w-full"
              onOpen={() => {
                close();
                onOpenPending();
              }}
            />
            <AccountLinks user={user} onNavigate={close} asMenu={false} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The header's height, kept on <html> (unset where there is no header; the CSS reads it as 0). */
const HEADER_HEIGHT_VAR = '--app-header-h';

/**
 * Publishes the sticky header's current height (it grows on phones when the form's progress wraps
 * under the logo): the page's scroll padding keeps a focused field or an anchor out from under it,
 * and the toasts start below it, so they never cover its buttons (styles.css, toast.tsx).
 */
function usePublishedHeight(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(HEADER_HEIGHT_VAR, `${el.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(HEADER_HEIGHT_VAR);
    };
  }, [ref]);
}

export function AppHeader() {
  const { user } = useSession();
  const action = useNewExperimentAction();
  const [pendingOpen, setPendingOpen] = useState(false);
  const ref = useRef<HTMLElement>(null);
  usePublishedHeight(ref);
  return (
    // While one of its menus is open the header (and so the menu) stands above the toasts, whose
    // layer is sonner's 999999999: the menu is what the person is using; no dialog is open then.
    <header
      ref={ref}
      className="sticky top-0 z-30 border-b border-soil-200 bg-white/95 backdrop-blur has-[[data-menu-open]]:z-[1000000000] print:hidden"
    >
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-x-4 px-4 sm:px-6 md:flex-nowrap">
        <Link to="/dashboard" {...preloadOnIntent('/dashboard')} className="flex h-16 shrink-0 items-center gap-3 rounded-lg">
          <LogoMark />
          <span className="leading-tight">
            <span className="block text-base font-bold text-brand-800">{PAGE_TEXT.productName}</span>
            <span className="hidden text-xs text-slate-600 sm:block">Experimentos de campo</span>
          </span>
        </Link>
        <StepProgress />
        {user ? (
          <nav aria-label="Principal" className="flex items-center gap-3">
            <div className="hidden md:block">
              <PendingButton onOpen={() => setPendingOpen(true)} />
            </div>
            <div className="hidden md:block">
              <Button onClick={action.go} {...action.intent}>
                {action.label === 'Novo Experimento' ? (
                  <LineIcon viewBox="0 0 20 20" className="h-4 w-4">
                    <path d="M10 4v12M4 10h12" strokeLinecap="round" />
                  </LineIcon>
                ) : null}
                {action.label}
              </Button>
            </div>
            <UserMenu user={user} />
            <MobileMenu user={user} onOpenPending={() => setPendingOpen(true)} />
            <PendingPanel open={pendingOpen} onClose={() => setPendingOpen(false)} />
          </nav>
        ) : (
          <Link to="/login" className={buttonClasses('secondary', 'md')}>
            Entrar
          </Link>
        )}
      </div>
    </header>
  );
}
