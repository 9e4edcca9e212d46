/**
 * Step 6's field plan (docs/api.md#field-plan): the plot's size, from which the layout is drawn and
 * the spray mix computed, and the applications as the field notes record them (date, stage, spray
 * volume, equipment, weather, which treatments). Numbers are typed in the product's number input
 * (pt-BR or plain). An application is added with `setValue` on the list rather than useFieldArray's
 * `append`, so a new card does not show "Informe a data da aplicação" before anything was typed
 * (see step-tratamentos.tsx); Próximo and Salvar still validate it.
 */
import { formatIsoDate } from '../../../../shared/format.js';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { formatDecimal, toNumberOrNull } from '../../../../shared/decimal.js';
import { APPLICATION_FIELDS, PLOT_FIELDS } from '../../../../shared/fields/catalogue.js';
import { type NumberField, fieldTitle, isRequired } from '../../../../shared/fields/kinds.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Checkbox, Input } from '../../../components/ui/field.js';
import { FormNumberInput } from '../../../components/ui/number-input.js';
import { type AplicacaoForm, type FormValues, newAplicacao } from '../form-values.js';
import { PlusIcon, TrashIcon } from './icons.js';

const msg = (v: unknown) => (v && typeof v === 'object' && 'message' in v ? (v.message as string | undefined) : undefined);

const A = APPLICATION_FIELDS;

/** `aplicacao-1`, `aplicacao-2`…: the first number no application of the list holds yet. */
export function novaChaveAplicacao(taken: Iterable<string>): string {
  const used = new Set(taken);
  for (let n = 1; ; n += 1) if (!used.has(`aplicacao-${n}`)) return `aplicacao-${n}`;
}

/** The plot's area in m² when both sides are numbers above zero, else null. */
export function plotArea(comprimento: unknown, largura: unknown): number | null {
  const c = toNumberOrNull(comprimento);
  const l = toNumberOrNull(largura);
  return c !== null && l !== null && c > 0 && l > 0 ? c * l : null;
}

function PlotSize() {
  const { formState } = useFormContext<FormValues>();
  const [comprimento, largura] = useWatch<FormValues, ['parcela.comprimento_m', 'parcela.largura_m']>({
    name: ['parcela.comprimento_m', 'parcela.largura_m'],
  });
  const area = plotArea(comprimento, largura);
  // The object's own message (a value that is not a plot size at all); each side's is under its input.
  const own = msg(formState.errors.parcela) ?? msg(formState.errors.parcela?.root);
  const side = (name: 'comprimento_m' | 'largura_m') => {
    const f: NumberField = PLOT_FIELDS[name];
    return (
      <FormNumberInput<FormValues>
        name={`parcela.${name}`}
        label={fieldTitle(f)}
        kind={f.kind}
        decimals={f.decimals}
        placeholder="Ex.: 5,0"
      />
    );
  };
  return (
    <div className="space-y-3">
      <h4 className="text-sm font-semibold text-slate-800">Dimensões da parcela</h4>
      {/* One under the other on a phone: the two labels wrap differently at 375 px and misalign a pair. */}
      <div className="grid gap-3 sm:grid-cols-2 sm:gap-4">
        {side('comprimento_m')}
        {side('largura_m')}
      </div>
      {own ? (
        <p className="text-sm text-red-700" role="alert">
          {own}
        </p>
      ) : null}
      <p className="text-sm text-slate-700" aria-live="polite">
        {area === null ? (
          'Informe o comprimento e a largura para o croqui e a calda (opcional).'
        ) : (
          <>
            Área da parcela: <strong className="text-slate-900">{formatDecimal(area, { decimals: 2 })} m²</strong>
          </>
        )}
      </p>
    </div>
  );
}

/** The treatments an application sprays: none ticked is every treatment. */
function SprayedTreatments({ index }: { index: number }) {
  const { setValue, formState } = useFormContext<FormValues>();
  const [tratamentos, chosen] = useWatch<FormValues, ['tratamentos', `aplicacoes.${number}.tratamentos`]>({
    name: ['tratamentos', `aplicacoes.${index}.tratamentos`],
  });
  const picked = chosen ?? [];
  const errs = formState.errors.aplicacoes?.[index]?.tratamentos;
  const error = msg(errs) ?? msg(errs?.root) ?? (Array.isArray(errs) ? errs.map(msg).find(Boolean) : undefined);
  const toggle = (t: number, on: boolean) => {
    const next = on ? [...new Set([...picked, t])].sort((a, b) => a - b) : picked.filter((x) => x !== t);
    setValue(`aplicacoes.${index}.tratamentos`, next, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <fieldset className="sm:col-span-2 lg:col-span-3">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Tratamentos aplicados</legend>
      {tratamentos.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum tratamento ainda (passo 5): a aplicação vale para todos.</p>
      ) : (
        <div className="grid grid-cols-1 gap-2 min-[375px]:grid-cols-2 sm:grid-cols-3">
          {tratamentos.map((t, i) => (
            <Checkbox
              key={i}
              name={`aplicacoes.${index}.tratamentos.${i}`}
              label={`T${i + 1} ${t.nome.trim() || `Tratamento ${i + 1}`}`}
              checked={picked.includes(i)}
              onChange={(e) => toggle(i, e.target.checked)}
              className="flex min-h-10 items-center [overflow-wrap:anywhere]"
            />
          ))}
        </div>
      )}
      <p className="mt-1.5 text-xs text-slate-600">Nenhum marcado: todos os tratamentos</p>
      {error ? (
        <p className="mt-1.5 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A number of the application, drawn from its declaration. */
function ApplicationNumber({ index, name }: { index: number; name: 'volume_calda_l_ha' | 'temperatura_c' | 'umidade_pct' | 'vento_km_h' }) {
  const f: NumberField = A[name];
  return <FormNumberInput<FormValues> name={`aplicacoes.${index}.${name}`} label={fieldTitle(f)} kind={f.kind} decimals={f.decimals} />;
}

function Application({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { register, formState } = useFormContext<FormValues>();
  const errors = formState.errors.aplicacoes?.[index];
  const name = (field: Exclude<keyof AplicacaoForm, 'tratamentos'>) => `aplicacoes.${index}.${field}` as const;
  const watched = [`aplicacoes.${index}.data`, `aplicacoes.${index}.estadio`] as const;
  const [data, estadio] = useWatch<FormValues, typeof watched>({ name: watched });
  const when = [formatIsoDate(data), estadio?.trim() ?? ''].filter(Boolean).join(' · ');
  return (
    <section className="min-w-0 space-y-4 rounded-lg bg-white p-3 ring-1 ring-soil-200 sm:p-4" aria-label={`Aplicação ${index + 1}`}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <span className="text-xs font-semibold uppercase tracking-wide text-slate-600">Aplicação {index + 1}</span>
          {when ? <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{when}</p> : null}
        </div>
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remover aplicação ${index + 1}`}
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-red-700 hover:bg-red-50"
        >
          <TrashIcon />
        </button>
      </div>
      {msg(errors?.chave) ? <Alert tone="error">{msg(errors?.chave)}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Input label={A.data.label} type="date" requiredMark={isRequired(A.data)} error={msg(errors?.data)} {...register(name('data'))} />
        <Input
          label={A.estadio.label}
          autoComplete="off"
          placeholder={A.estadio.placeholder}
          maxLength={A.estadio.max}
          error={msg(errors?.estadio)}
          {...register(name('estadio'))}
        />
        <ApplicationNumber index={index} name="volume_calda_l_ha" />
        <Input
          label={A.equipamento.label}
          autoComplete="off"
          placeholder={A.equipamento.placeholder}
          maxLength={A.equipamento.max}
          error={msg(errors?.equipamento)}
          containerClassName="sm:col-span-2 lg:col-span-3"
          {...register(name('equipamento'))}
        />
        <ApplicationNumber index={index} name="temperatura_c" />
        <ApplicationNumber index={index} name="umidade_pct" />
        <ApplicationNumber index={index} name="vento_km_h" />
        <SprayedTreatments index={index} />
      </div>
    </section>
  );
}

function Applications() {
  const { control, getValues, setValue, formState } = useFormContext<FormValues>();
  const { fields, remove } = useFieldArray({ control, name: 'aplicacoes' });
  const add = () => {
    const list = getValues('aplicacoes') ?? [];
    setValue('aplicacoes', [...list, newAplicacao(novaChaveAplicacao(list.map((a) => a.chave)))], { shouldDirty: true });
  };
  const listError = msg(formState.errors.aplicacoes) ?? msg(formState.errors.aplicacoes?.root);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <h4 className="text-sm font-semibold text-slate-800">Aplicações</h4>
          <p className="mt-1 text-sm text-slate-700">Registre cada aplicação como no caderno de campo: data, estádio, calda e clima.</p>
        </div>
        <Button variant="secondary" onClick={add}>
          <PlusIcon />
          Adicionar aplicação
        </Button>
      </div>
      {listError ? <Alert tone="error">{listError}</Alert> : null}
      {fields.length === 0 ? <p className="text-sm text-slate-600">Nenhuma aplicação registrada.</p> : null}
      {fields.map((f, i) => (
        <Application key={f.id} index={i} onRemove={() => remove(i)} />
      ))}
    </div>
  );
}

/** "Plano de campo": below step 6's fields. */
export function FieldPlanSection() {
  return (
    <section className="min-w-0 space-y-5 rounded-xl border border-soil-200 bg-soil-50 p-3 sm:p-5" aria-labelledby="plano-campo-titulo">
      <div>
        <h3 id="plano-campo-titulo" className="font-semibold text-slate-900">
          Plano de campo
        </h3>
        <p className="mt-1 max-w-xl text-sm text-slate-700">
          O tamanho da parcela e as aplicações servem ao croqui, às etiquetas e à calda do kit de campo. Tudo aqui é opcional.
        </p>
      </div>
      <PlotSize />
      <Applications />
    </section>
  );
}
