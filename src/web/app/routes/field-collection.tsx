import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.js';
import { FieldCollectionPage } from '../../features/field-collection/index.js';
import { useSession } from '../../lib/api.js';
import { preloadOnIntent } from '../prefetch.js';

/** `/experimentos/:id/coleta`: an assessment's values typed plot by plot in the field, offline too. */
export function CollectionPage() {
  const id = Number(useParams().id);
  const userId = useSession().user?.id ?? null;
  const report = `/experimentos/${id}/relatorio`;
  if (!Number.isInteger(id) || id <= 0) return <Alert tone="error">Experimento não encontrado</Alert>;
  return (
    <div className="space-y-3">
      <Link
        to={report}
        {...preloadOnIntent(report)}
        className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline"
      >
        Ver o relatório do experimento
      </Link>
      {userId ? <FieldCollectionPage experimentId={id} userId={userId} /> : null}
    </div>
  );
}
