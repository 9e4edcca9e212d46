import { offlineBannerText, useOffline } from '../lib/offline.js';

/** "Sem conexão — dados de DD/MM HH:MM" above the page while the app works from the last data seen. */
export function OfflineBanner() {
  const { offline, dataAt } = useOffline();
  if (!offline) return null;
  return (
    <div
      role="status"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900 print:hidden"
    >
      {offlineBannerText(dataAt)}
    </div>
  );
}
