import type { ReactNode } from 'react';
import { Card, CardBody } from './ui/card.js';
import { PageTitle } from './page-title.js';

export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl">
      <PageTitle title={title} subtitle={`Última atualização: ${updated}`} />
      <Card>
        <CardBody className="space-y-5 text-sm leading-relaxed text-slate-800 [&_h2]:text-base [&_h2]:font-semibold [&_h2]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">
          {children}
        </CardBody>
      </Card>
    </div>
  );
}
