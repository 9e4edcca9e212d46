/**
 * "Sortear croqui": the numbering (serpentine or from the same end) and, optionally, the seed of a
 * layout to reproduce. Redrawing asks first: plot values are keyed to the layout.
 */
import { type FormEvent, useState } from 'react';
import { NUMERACAO_LABEL, NUMERACOES, type Croqui, type Numeracao } from '../../../../shared/field-plan.js';
import { Alert } from '../../../components/ui/alert.js';
import { SubmitButton } from '../../../components/ui/button.js';
import { confirmDialog } from '../../../components/ui/confirm-dialog.js';
import { Input, Options, Select } from '../../../components/ui/field.js';
import { toast } from '../../../components/ui/toast.js';
import { ApiError } from '../../../lib/api-client.js';
import { useSortearCroqui } from '../api/queries.js';

const SEMENTE = /^\d{1,9}$/;

export function DrawCroquiForm({ experimentId, atual }: { experimentId: number; atual: Croqui | null }) {
  const sortear = useSortearCroqui(experimentId);
  const [numeracao, setNumeracao] = useState<Numeracao>(atual?.numeracao ?? 'serpentina');
  const [semente, setSemente] = useState('');
  const [erroSemente, setErroSemente] = useState<string | undefined>();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const texto = semente.trim();
    if (texto && !SEMENTE.test(texto)) {
      setErroSemente('Informe um número inteiro (até 9 dígitos), ou deixe em branco para um sorteio novo');
      return;
    }
    setErroSemente(undefined);
    if (atual) {
      const ok = await confirmDialog({
        title: 'Sortear um novo croqui?',
        message:
          'Os valores anotados por parcela estão ligados ao croqui atual: num novo sorteio as parcelas mudam de tratamento, e etiquetas e fichas já impressas deixam de valer.',
        confirmLabel: 'Sortear novo croqui',
        cancelLabel: 'Manter o atual',
        tone: 'danger',
      });
      if (!ok) return;
    }
    sortear.mutate(
      { numeracao, ...(texto ? { semente: Number(texto) } : {}) },
      { onSuccess: (c) => toast.success(`Croqui sorteado (semente ${c.semente})`) },
    );
  };

  const erro =
    sortear.error instanceof ApiError
      ? sortear.error.message
      : sortear.error
        ? 'Não foi possível sortear o croqui. Tente novamente.'
        : null;
  return (
    <form onSubmit={onSubmit} className="space-y-3 print:hidden" aria-label="Sortear croqui" noValidate>
      <div className="grid gap-3 sm:grid-cols-[12rem_14rem_auto] sm:items-start">
        <Select label="Numeração" name="numeracao" value={numeracao} onChange={(e) => setNumeracao(e.target.value as Numeracao)}>
          <Options values={NUMERACOES} labels={NUMERACAO_LABEL} />
        </Select>
        <Input
          label="Semente (opcional)"
          name="semente"
          inputMode="numeric"
          autoComplete="off"
          value={semente}
          onChange={(e) => setSemente(e.target.value)}
          error={erroSemente}
          hint="Para reproduzir um croqui já sorteado"
        />
        <div className="sm:pt-7">
          <SubmitButton submitting={sortear.isPending} busyText="Sorteando…" className="w-full sm:w-auto">
            {atual ? 'Sortear novo croqui' : 'Sortear croqui'}
          </SubmitButton>
        </div>
      </div>
      {erro ? <Alert tone="error">{erro}</Alert> : null}
    </form>
  );
}
