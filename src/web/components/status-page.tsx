import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PAGE_TEXT } from '../../shared/messages.js';
import { Button } from './ui/button.js';
import { LineIcon } from './ui/line-icon.js';

/**
 * Full-page message with a "Voltar" button that goes back one page (home when there is none).
 * `children` are the shapes of its 24×24 outline icon.
 */
export function StatusPage({ code, title, text, children }: { code: string; title: string; text: string; children: ReactNode }) {
  const navigate = useNavigate();
  // Back one page, as the browser's button would; a tab opened on this page has nowhere to go back to.
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate('/', { replace: true }));
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center px-6 py-16 text-center">
      <div className="mb-6 flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <LineIcon className="h-8 w-8">{children}</LineIcon>
      </div>
      <p className="text-sm font-semibold tracking-wide text-brand-700">{code}</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-3 text-base text-slate-600">{text}</p>
      <Button className="mt-8" onClick={goBack}>
        {PAGE_TEXT.back}
      </Button>
    </div>
  );
}
