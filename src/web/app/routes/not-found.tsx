import { PAGE_TEXT } from '../../../shared/messages.js';
import { StatusPage } from '../../components/status-page.js';

export function NotFoundPage() {
  return (
    <StatusPage
      code="404"
      title={PAGE_TEXT.notFoundTitle}
      text={PAGE_TEXT.notFoundText}
      icon={
        <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
      }
    />
  );
}
