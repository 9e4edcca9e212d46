import { useState } from 'react';
import type { ExtractionResult } from '../../../shared/extraction.js';
import { PageTitle } from '../../components/page-title.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardBody, CardHeader } from '../../components/ui/card.js';
import { ExtractionReview, PdfExtractor } from '../../features/extraction/index.js';

/**
 * The extractor alone. Confirming lays the result out as the form would receive it: the values
 * with their labels and where each was read, the fields to check first, the treatments, the warnings.
 */
export function TestExtractionPage() {
  const [confirmed, setConfirmed] = useState<{ result: ExtractionResult; file: string } | null>(null);
  const [round, setRound] = useState(0);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageTitle title="Extração Automática de Dados" subtitle="Teste a leitura de um relatório em PDF sem criar um experimento." />
      {confirmed ? (
        <Card>
          <CardHeader
            title="Resultado confirmado"
            description="Estes são os valores que o formulário receberia."
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  setConfirmed(null);
                  setRound((r) => r + 1);
                }}
              >
                Testar outro PDF
              </Button>
            }
          />
          <CardBody>
            <ExtractionReview result={confirmed.result} fileName={confirmed.file} />
          </CardBody>
        </Card>
      ) : (
        <Card className="p-5">
          <PdfExtractor
            key={round}
            onConfirm={(result, file) => setConfirmed({ result, file: file.name })}
            onCancel={() => setRound((r) => r + 1)}
          />
        </Card>
      )}
    </div>
  );
}
