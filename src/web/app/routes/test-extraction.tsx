import { useState } from 'react';
import type { ExtractionResult } from '../../../shared/extraction.js';
import { PageTitle } from '../../components/page-title.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardBody, CardHeader } from '../../components/ui/card.js';
import { PdfExtractor } from '../../features/extraction/index.js';

/**
 * The extractor alone. Confirming lays the result out for inspection: every field found, the
 * warnings, and the raw JSON the form would receive.
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
            description={`${confirmed.file} · confiança ${(confirmed.result.confidence * 100).toFixed(1)}% · ${confirmed.result.fieldsExtracted.length} campos`}
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
          <CardBody className="space-y-4">
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-800">Campos encontrados</h3>
              <ul className="flex flex-wrap gap-2">
                {confirmed.result.fieldsExtracted.map((f) => (
                  <li key={f} className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-medium text-brand-900">
                    {f}
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-800">JSON enviado ao formulário</h3>
              <pre className="max-h-[28rem] overflow-auto rounded-lg bg-slate-900 p-4 text-xs text-slate-100">
                {JSON.stringify(confirmed.result, null, 2)}
              </pre>
            </div>
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
