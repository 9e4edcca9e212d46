import { Link, useSearchParams } from 'react-router';
import { MAX_LOCAIS, MIN_LOCAIS, idsDaUrl } from '../../../shared/analise-conjunta.js';
import { formatLongDate } from '../../../shared/format.js';
import { Alert } from '../../components/ui/alert.js';
import { JointAnalysisView } from '../../features/trial-analysis/index.js';
import { ReportPage } from '../report-page.js';

const BACK = '/dashboard?aba=experimentos';

/** `/analise-conjunta?ids=1,2,3`: the joint analysis of experiments chosen in the Experimentos tab, printable like a trial's report. */
export function JointAnalysisPage() {
  const [params] = useSearchParams();
  const ids = idsDaUrl(params.get('ids'));
  return (
    <ReportPage
      back={{ to: BACK, label: 'Voltar aos experimentos' }}
      printable={Boolean(ids)}
      kicker="Gestão Agrícola · Análise conjunta"
      title={`Análise conjunta de ${ids ? ids.length : ''} experimentos`}
      subtitle={`${ids ? `Experimentos nº ${ids.join(', ')} · ` : ''}emitido em ${formatLongDate(new Date())}`}
    >
      {ids ? (
        <JointAnalysisView ids={ids} backTo={BACK} />
      ) : (
        <Alert tone="info" title="Nenhuma seleção válida">
          <p>
            Selecione de {MIN_LOCAIS} a {MAX_LOCAIS} experimentos diferentes na aba Experimentos e use o botão “Análise conjunta”.
          </p>
          <p className="mt-2">
            <Link to={BACK} className="font-medium text-brand-700 underline underline-offset-2">
              Ir para a lista de experimentos
            </Link>
          </p>
        </Alert>
      )}
    </ReportPage>
  );
}
