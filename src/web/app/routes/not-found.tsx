import { PAGE_TEXT } from '../../../shared/messages.js';
import { StatusPage } from '../../components/status-page.js';

export function NotFoundPage() {
  return (
    <StatusPage code="404" title={PAGE_TEXT.notFoundTitle} text={PAGE_TEXT.notFoundText}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" strokeLinecap="round" />
    </StatusPage>
  );
}
