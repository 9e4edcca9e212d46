/** Step 5: treatments (the first is the control), each with applied products and analyses. */
import { useEffect, useState } from 'react';
import { type FieldErrors, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { ANALISES_SUGERIDAS, MODALIDADES, UNIDADES_SUGERIDAS } from '../../../../shared/constants.js';
import { custoTratamento } from '../../../../shared/experiment.js';
import { formatBRL } from '../../../../shared/format.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Input, Select } from '../../../components/ui/field.js';
import { type FormValues, newAnalysis, newProduct, newTreatment, withBlocks } from '../form-values.js';
import { ProductPicker } from './product-picker.js';

type TErrors = FieldErrors<FormValues>['tratamentos'];

const msg = (v: unknown) => (v && typeof v === 'object' && 'message' in v ? (v.message as string | undefined) : undefined);
const toNum = (v: unknown) => {
  const n = Number(String(v ?? '').replace(',', '.'));
  return v === '' || v === null || v === undefined || !Number.isFinite(n) ? null : n;
};

function PlusIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M10 4v12M4 10h12" strokeLinecap="round" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M4 6h12M8 6V4h4v2M6 6l1 10h6l1-10" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Products({ index, errors }: { index: number; errors: TErrors }) {
  const { control, register } = useFormContext<FormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: `tratamentos.${index}.produtos_aplicados` });
  const perr = errors?.[index]?.produtos_aplicados;
  return (
    <section className="rounded-lg border border-soil-200 bg-soil-50 p-3 sm:p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-800">Produtos aplicados</h4>
        <Button size="sm" variant="secondary" onClick={() => append(newProduct())} aria-label={`Adicionar produto ao tratamento ${index + 1}`}>
          <PlusIcon />
          Adicionar
        </Button>
      </div>
      {fields.length === 0 ? <p className="text-sm text-slate-600">Nenhum produto aplicado.</p> : null}
      <div className="space-y-3">
        {fields.map((f, p) => (
          <div key={f.id} className="grid items-start gap-3 rounded-md bg-white p-3 ring-1 ring-soil-200 sm:grid-cols-[minmax(0,1fr)_7rem_8rem_auto]">
            <ProductPicker name={`tratamentos.${index}.produtos_aplicados.${p}.nome`} error={msg(perr?.[p]?.nome)} />
            <Input label="Dose" type="number" step="0.01" min={0} inputMode="decimal" error={msg(perr?.[p]?.dose)} {...register(`tratamentos.${index}.produtos_aplicados.${p}.dose`)} />
            <Input label="Custo (R$)" type="number" step="0.01" min={0} inputMode="decimal" error={msg(perr?.[p]?.custo)} {...register(`tratamentos.${index}.produtos_aplicados.${p}.custo`)} />
            <button
              type="button"
              onClick={() => remove(p)}
              aria-label={`Remover produto ${p + 1}`}
              className="flex h-10 w-10 items-center justify-center rounded-lg bg-red-700 text-white hover:bg-red-800 sm:mt-6"
            >
              <TrashIcon />
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}

function Analyses({ index, errors }: { index: number; errors: TErrors }) {
  const { control, register } = useFormContext<FormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: `tratamentos.${index}.analises_adicionais` });
  const aerr = errors?.[index]?.analises_adicionais;
  return (
    <section className="rounded-lg border border-soil-200 bg-soil-50 p-3 sm:p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-800">Análises adicionais</h4>
        <Button size="sm" variant="secondary" onClick={() => append(newAnalysis())} aria-label={`Adicionar análise ao tratamento ${index + 1}`}>
          <PlusIcon />
          Adicionar
        </Button>
      </div>
      {fields.length === 0 ? (
        <div className="text-sm text-slate-600">
          <p className="font-medium">Nenhuma análise adicional</p>
          <p className="mt-0.5 text-xs">Dica: registre medições como altura de plantas ou número de vagens para enriquecer a comparação.</p>
        </div>
      ) : null}
      <div className="space-y-3">
        {fields.map((f, a) => (
          <div key={f.id} className="rounded-md bg-white p-3 ring-1 ring-soil-200">
            <div className="mb-2 flex items-center justify-between">
              <span className="text-xs font-semibold uppercase tracking-wide text-slate-600">Análise {a + 1}</span>
              <button type="button" onClick={() => remove(a)} aria-label={`Remover análise ${a + 1}`} className="flex h-8 w-8 items-center justify-center rounded-md text-red-700 hover:bg-red-50">
                <TrashIcon />
              </button>
            </div>
            <div className="grid gap-3 sm:grid-cols-3">
              <Input label="Nome" list="analises-sugeridas" autoComplete="off" error={msg(aerr?.[a]?.nome)} {...register(`tratamentos.${index}.analises_adicionais.${a}.nome`)} />
              <Input label="Valor" type="number" step="0.01" inputMode="decimal" error={msg(aerr?.[a]?.valor)} {...register(`tratamentos.${index}.analises_adicionais.${a}.valor`)} />
              <Input label="Unidade" list="unidades-sugeridas" autoComplete="off" error={msg(aerr?.[a]?.unidade)} {...register(`tratamentos.${index}.analises_adicionais.${a}.unidade`)} />
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

/** One input per block; the treatment's yield follows their mean (read-only). */
function Replicates({ index, blocks, errors }: { index: number; blocks: number; errors: TErrors }) {
  const { register, setValue } = useFormContext<FormValues>();
  const values = useWatch<FormValues, `tratamentos.${number}.repeticoes`>({ name: `tratamentos.${index}.repeticoes` });
  useEffect(() => {
    const nums = (values ?? []).map(toNum);
    if (nums.length && nums.every((n) => n !== null)) {
      const mean = (nums as number[]).reduce((a, b) => a + b, 0) / nums.length;
      setValue(`tratamentos.${index}.produtividade`, Math.round(mean * 100) / 100, { shouldDirty: true });
    }
  }, [values, index, setValue]);
  const rerr = errors?.[index]?.repeticoes;
  return (
    <fieldset className="mt-4 rounded-lg border border-soil-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Repetições (produtividade por bloco, kg/ha)</legend>
      {msg(rerr) ?? msg(rerr?.root) ? <p className="mb-2 text-sm text-red-700" role="alert">{msg(rerr) ?? msg(rerr?.root)}</p> : null}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
        {Array.from({ length: blocks }, (_, k) => (
          <Input
            key={k}
            label={`Bloco ${k + 1}`}
            type="number"
            step="0.01"
            min={0}
            inputMode="decimal"
            error={msg(Array.isArray(rerr) ? rerr[k] : undefined)}
            {...register(`tratamentos.${index}.repeticoes.${k}`)}
          />
        ))}
      </div>
    </fieldset>
  );
}

function TreatmentCost({ index }: { index: number }) {
  const t = useWatch<FormValues, `tratamentos.${number}`>({ name: `tratamentos.${index}` });
  const total = custoTratamento({
    custo: toNum(t?.custo),
    produtos_aplicados: (t?.produtos_aplicados ?? []).map((p) => ({ custo: toNum(p.custo) })),
  });
  return (
    <p className="text-sm text-slate-700">
      Custo do tratamento: <strong className="text-slate-900">{formatBRL(total)}</strong>
      <span className="text-xs text-slate-600"> (soma dos custos dos produtos)</span>
    </p>
  );
}

export function StepTratamentos() {
  const { control, register, formState, getValues } = useFormContext<FormValues>();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'tratamentos' });
  // Chosen once for the experiment: every treatment gets the same number of blocks.
  const [blocks, setBlocks] = useState(() => getValues('tratamentos')[0]?.repeticoes?.length ?? 0);
  const changeBlocks = (n: number) => {
    setBlocks(n);
    replace(getValues('tratamentos').map((t) => withBlocks(t, n)));
  };
  const errors = formState.errors.tratamentos;
  const listError = msg(errors) ?? msg(errors?.root);

  return (
    <div className="space-y-5">
      <datalist id="analises-sugeridas">
        {ANALISES_SUGERIDAS.map((a) => (
          <option key={a} value={a} />
        ))}
      </datalist>
      <datalist id="unidades-sugeridas">
        {UNIDADES_SUGERIDAS.map((u) => (
          <option key={u} value={u} />
        ))}
      </datalist>
      {listError ? <Alert tone="error">{listError}</Alert> : null}
      <div className="flex flex-wrap items-end gap-4 rounded-lg border border-soil-200 bg-soil-50 p-4">
        <Select
          label="Repetições (blocos)"
          name="numeroRepeticoes"
          value={String(blocks)}
          onChange={(e) => changeBlocks(Number(e.target.value))}
          containerClassName="w-56"
        >
          <option value="0">Sem repetições</option>
          {Array.from({ length: 11 }, (_, i) => i + 2).map((n) => (
            <option key={n} value={n}>
              {n} repetições
            </option>
          ))}
        </Select>
        <p className="max-w-xl text-sm text-slate-700">
          Com as produtividades de cada bloco, o sistema calcula a análise de variância, o CV e os testes de Tukey e Scott-Knott.
        </p>
      </div>
      {fields.length === 0 ? (
        <div className="rounded-xl border-2 border-dashed border-soil-200 px-6 py-10 text-center">
          <p className="font-medium text-slate-800">Nenhum tratamento adicionado ainda</p>
          <p className="mt-1 text-sm text-slate-600">O primeiro tratamento é a testemunha (T1), a referência de comparação.</p>
          <Button className="mt-4" onClick={() => append(newTreatment(true, blocks))}>
            <PlusIcon />
            Adicionar Testemunha (T1)
          </Button>
        </div>
      ) : null}
      {fields.map((f, i) => (
        <article key={f.id} className="rounded-xl border border-soil-200 bg-white p-4 shadow-sm sm:p-5" aria-label={`T${i + 1} - Tratamento ${i + 1}`}>
          <header className="mb-4 flex items-center justify-between gap-3">
            <h3 className="font-semibold text-brand-800">
              T{i + 1} - Tratamento {i + 1}
            </h3>
            <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => remove(i)} aria-label={`Remover tratamento T${i + 1}`}>
              <TrashIcon />
              Remover
            </Button>
          </header>
          <div className="grid gap-4 sm:grid-cols-3">
            <Input
              label="Nome"
              requiredMark
              readOnly={i === 0}
              hint={i === 0 ? 'A testemunha (T1) é a referência de comparação.' : undefined}
              error={msg(errors?.[i]?.nome)}
              {...register(`tratamentos.${i}.nome`)}
            />
            <Select label="Modalidade" requiredMark error={msg(errors?.[i]?.modalidade)} {...register(`tratamentos.${i}.modalidade`)}>
              <option value="">Selecione</option>
              {MODALIDADES.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </Select>
            <Input
              label="Produtividade (kg/ha)"
              type="number"
              step="0.01"
              min={0}
              inputMode="decimal"
              requiredMark
              readOnly={blocks > 0}
              hint={blocks > 0 ? 'Média das repetições' : undefined}
              error={msg(errors?.[i]?.produtividade)}
              {...register(`tratamentos.${i}.produtividade`)}
            />
          </div>
          {blocks > 0 ? <Replicates index={i} blocks={blocks} errors={errors} /> : null}
          <div className="mt-3">
            <TreatmentCost index={i} />
          </div>
          <div className="mt-4 space-y-4">
            <Products index={i} errors={errors} />
            <Analyses index={i} errors={errors} />
          </div>
        </article>
      ))}
      {fields.length > 0 ? (
        <Button variant="secondary" onClick={() => append(newTreatment(false, blocks))}>
          <PlusIcon />
          Adicionar Tratamento
        </Button>
      ) : null}
    </div>
  );
}
