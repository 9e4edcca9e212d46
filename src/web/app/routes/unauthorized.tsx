import { PAGE_TEXT } from '../../../shared/messages.js';
import { StatusPage } from '../../components/status-page.js';

export function UnauthorizedPage() {
  return (
    <StatusPage code="403" title={PAGE_TEXT.unauthorizedTitle} text={PAGE_TEXT.unauthorizedText}>
      <rect x="5" y="11" width="14" height="9" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </StatusPage>
  );
}
