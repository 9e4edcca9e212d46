/**
 * Step 5: treatments (the first is the control), each with applied products and analyses, and the
 * plot yields of every treatment in one grid (treatments × blocks) below them. Numbers are typed in
 * the product's number input (pt-BR or plain).
 *
 * Rows are added with `setValue` on the list rather than useFieldArray's `append`: in the form's
 * onChange mode, `append` validates the whole list at once, so a new product row showed "Nome do
 * produto é obrigatório" before anything was typed. Próximo and Salvar still validate every row.
 */
import { type ReactNode, useState } from 'react';
import { type FieldErrors, type FieldPathValue, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import {
  ANALISES_SUGERIDAS,
  DOSE_UNITS,
  MAX_BLOCKS,
  MODALIDADES,
  PAPEIS,
  PAPEL_LABEL,
  UNIDADES_SUGERIDAS,
} from '../../../../shared/constants.js';
import { formatDecimal, toNumberOrNull } from '../../../../shared/decimal.js';
import { custoTratamento, isConcluido, isFatorial } from '../../../../shared/experiment.js';
import { ANALYSIS_FIELDS, ASSESSMENT_FIELDS, PRODUCT_FIELDS, TREATMENT_FIELDS } from '../../../../shared/fields/catalogue.js';
import { avaliacaoDeAnalise } from '../../../../shared/assessments.js';
import { fieldTitle, formDefaults } from '../../../../shared/fields/kinds.js';
import { formatBRL } from '../../../../shared/format.js';
import { type Cell, rowMean, toCell } from '../../../../shared/plot-grid.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { toast } from '../../../components/ui/toast.js';
import { Input, Options, Select } from '../../../components/ui/field.js';
import { FormNumberInput } from '../../../components/ui/number-input.js';
import { YieldGrid } from '../../../components/ui/yield-grid.js';
import { cn } from '../../../lib/cn.js';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query.js';
import {
  type AplicacaoForm,
  type FormValues,
  type TratamentoForm,
  newAnalysis,
  newProduct,
  newTreatment,
  withBlocks,
} from '../form-values.js';
import { ProductPicker, ProductSuggestions } from './product-picker.js';
import { LineIcon } from '../../../components/ui/line-icon.js';
import { PlusIcon, TrashIcon } from './icons.js';
import { AssessmentsSection } from './assessments-section.js';
import { PlanningChecklistHere } from './planning-slot.js';

type TErrors = FieldErrors<FormValues>['tratamentos'];

const msg = (v: unknown) => (v && typeof v === 'object' && 'message' in v ? (v.message as string | undefined) : undefined);

const DOSE_UNITS_LIST = 'unidades-dose';
const ADICIONAL = 'Fatorial DBC com adicional';

type ListPath = 'tratamentos' | `tratamentos.${number}.produtos_aplicados` | `tratamentos.${number}.analises_adicionais`;

/** Adds a row to a list of the form without validating the list (see the header). */
function useAddRow<P extends ListPath>(path: P) {
  const { getValues, setValue } = useFormContext<FormValues>();
  return (row: FieldPathValue<FormValues, P>[number]) => {
    const next = [...(getValues(path) ?? []), row] as FieldPathValue<FormValues, P>;
    setValue(path, next, { shouldDirty: true });
  };
}

/** The dose's label carries the unit chosen beside it: "Dose (L/ha)". */
function DoseInput({ index, p }: { index: number; p: number }) {
  const unidade = useWatch<FormValues, `tratamentos.${number}.produtos_aplicados.${number}.unidade`>({
    name: `tratamentos.${index}.produtos_aplicados.${p}.unidade`,
  });
  const unit = (unidade ?? '').trim();
  return (
    <FormNumberInput<FormValues>
      name={`tratamentos.${index}.produtos_aplicados.${p}.dose`}
      label={unit ? `${PRODUCT_FIELDS.dose.label} (${unit})` : PRODUCT_FIELDS.dose.label}
      decimals={PRODUCT_FIELDS.dose.decimals}
    />
  );
}

/** One of a treatment's lists (products, analyses): its rows and how to add and remove them. */
function useTreatmentList<L extends 'produtos_aplicados' | 'analises_adicionais'>(index: number, list: L) {
  const { control, register } = useFormContext<FormValues>();
  const path: `tratamentos.${number}.${L}` = `tratamentos.${index}.${list}`;
  const { fields, remove } = useFieldArray({ control, name: path });
  const add = useAddRow(path);
  return { register, fields, remove, add };
}

/** The frame of a treatment's list: its title and an add button above its rows. */
function ListSection({ title, addLabel, onAdd, children }: { title: string; addLabel: string; onAdd: () => void; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-soil-200 bg-soil-50 p-3 sm:p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-800">{title}</h4>
        <Button size="sm" variant="secondary" className="min-h-10" onClick={onAdd} aria-label={addLabel}>
          <PlusIcon />
          Adicionar
        </Button>
      </div>
      {children}
    </section>
  );
}

function Products({ index, errors }: { index: number; errors: TErrors }) {
  const { register, fields, remove, add } = useTreatmentList(index, 'produtos_aplicados');
  const perr = errors?.[index]?.produtos_aplicados;
  return (
    <ListSection title="Produtos aplicados" addLabel={`Adicionar produto ao tratamento ${index + 1}`} onAdd={() => add(newProduct())}>
      {fields.length === 0 ? <p className="text-sm text-slate-600">Nenhum produto aplicado.</p> : null}
      {/* Laid out by the list's own width, not the screen's: beside the PDF on the import review
          the form is a narrow column on a wide screen. */}
      <div className="@container space-y-3">
        {fields.map((f, p) => (
          <div
            key={f.id}
            // Narrow: the name on its own line, then dose | unit and cost | remove, side by side.
            className="grid grid-cols-2 items-start gap-3 rounded-md bg-white p-3 ring-1 ring-soil-200 @2xl:grid-cols-[minmax(0,1fr)_7rem_9rem_7.5rem_auto]"
          >
            <div className="col-span-2 @2xl:col-span-1">
              <ProductPicker name={`tratamentos.${index}.produtos_aplicados.${p}.nome`} error={msg(perr?.[p]?.nome)} />
            </div>
            <DoseInput index={index} p={p} />
            <Input
              // "Unidade" beside "Dose": the catalogue's longer name wraps at 375 px and misaligns the pair.
              label="Unidade"
              list={DOSE_UNITS_LIST}
              autoComplete="off"
              placeholder={PRODUCT_FIELDS.unidade.placeholder}
              maxLength={PRODUCT_FIELDS.unidade.max}
              error={msg(perr?.[p]?.unidade)}
              {...register(`tratamentos.${index}.produtos_aplicados.${p}.unidade`)}
            />
            <FormNumberInput<FormValues>
              name={`tratamentos.${index}.produtos_aplicados.${p}.custo`}
              label={fieldTitle(PRODUCT_FIELDS.custo)}
              kind={PRODUCT_FIELDS.custo.kind}
              decimals={PRODUCT_FIELDS.custo.decimals}
            />
            <button
              type="button"
              onClick={() => remove(p)}
              aria-label={`Remover produto ${p + 1}`}
              className="mt-6 flex h-11 w-11 items-center justify-center rounded-lg bg-red-700 text-white hover:bg-red-800"
            >
              <TrashIcon />
            </button>
          </div>
        ))}
      </div>
    </ListSection>
  );
}

function Analyses({ index, errors }: { index: number; errors: TErrors }) {
  const { register, fields, remove, add } = useTreatmentList(index, 'analises_adicionais');
  const { getValues, setValue } = useFormContext<FormValues>();
  const aerr = errors?.[index]?.analises_adicionais;
  /** The analysis' variable rated per plot: an assessment of its name (once for all treatments), the analysis kept. */
  const perPlot = (a: number) => {
    const analise = getValues(`tratamentos.${index}.analises_adicionais.${a}`);
    const nome = analise.nome.trim();
    if (!nome) {
      toast.error('Dê um nome à análise antes de registrá-la por parcela.');
      return;
    }
    const avaliacoes = getValues('avaliacoes');
    if (avaliacoes.some((x) => x.nome.trim().toLocaleLowerCase('pt-BR') === nome.toLocaleLowerCase('pt-BR'))) {
      toast.info(`“${nome}” já está em Avaliações por parcela, abaixo.`);
      return;
    }
    const declared = avaliacaoDeAnalise(
      analise,
      avaliacoes.map((x) => x.chave),
    );
    setValue('avaliacoes', [...avaliacoes, { ...formDefaults(ASSESSMENT_FIELDS), ...declared }], { shouldDirty: true });
    toast.success(`Avaliação “${nome}” criada em Avaliações por parcela: lance o valor de cada parcela na tabela dela.`);
  };
  /** The analysis' name and unit: typed, or picked from the suggestions of `list`. */
  const suggested = (a: number, key: 'nome' | 'unidade', label: string, list: string) => (
    <Input
      label={label}
      list={list}
      autoComplete="off"
      error={msg(aerr?.[a]?.[key])}
      {...register(`tratamentos.${index}.analises_adicionais.${a}.${key}`)}
    />
  );
  return (
    <ListSection title="Análises adicionais" addLabel={`Adicionar análise ao tratamento ${index + 1}`} onAdd={() => add(newAnalysis())}>
      {fields.length === 0 ? (
        <div className="text-sm text-slate-600">
          <p className="font-medium">Nenhuma análise adicional</p>
          <p className="mt-0.5 text-xs">Dica: registre medições como altura de plantas ou número de vagens para enriquecer a comparação.</p>
        </div>
      ) : null}
      <div className="space-y-3">
        {fields.map((f, a) => (
          <div key={f.id} className="rounded-md bg-white p-3 ring-1 ring-soil-200">
            <div className="mb-2 flex items-center gap-2">
              <span className="text-xs font-semibold uppercase tracking-wide text-slate-600">Análise {a + 1}</span>
              <span className="flex-1" />
              <Button size="sm" variant="ghost" className="min-h-10" onClick={() => perPlot(a)}>
                Registrar por parcela
              </Button>
              <button
                type="button"
                onClick={() => remove(a)}
                aria-label={`Remover análise ${a + 1}`}
                className="flex h-10 w-10 items-center justify-center rounded-md text-red-700 hover:bg-red-50"
              >
                <TrashIcon />
              </button>
            </div>
            <div className="grid gap-3 sm:grid-cols-3">
              {suggested(a, 'nome', 'Nome', 'analises-sugeridas')}
              <FormNumberInput<FormValues>
                name={`tratamentos.${index}.analises_adicionais.${a}.valor`}
                label={ANALYSIS_FIELDS.valor.label}
                decimals={ANALYSIS_FIELDS.valor.decimals}
              />
              {suggested(a, 'unidade', 'Unidade', 'unidades-sugeridas')}
            </div>
          </div>
        ))}
      </div>
    </ListSection>
  );
}

/** Rounded to the hundredth, as the schema stores a treatment's mean. */
const meanOf = (row: readonly Cell[]) => {
  const { mean } = rowMean(row);
  return mean === null ? null : Math.round(mean * 100) / 100;
};

/**
 * The plot yields of every treatment: one grid, treatments as rows and blocks as columns; each
 * treatment's yield follows the mean of its blocks as they are typed or pasted.
 */
function PlotYields({ blocks, errors }: { blocks: number; errors: TErrors }) {
  const { setValue } = useFormContext<FormValues>();
  const tratamentos = useWatch<FormValues, 'tratamentos'>({ name: 'tratamentos' });
  const rowErrors = tratamentos.map((_, i) => {
    const rerr = errors?.[i]?.repeticoes;
    return {
      list: msg(rerr) ?? msg(rerr?.root),
      cells: Array.from({ length: blocks }, (_, j) => msg(Array.isArray(rerr) ? rerr[j] : undefined)),
    };
  });
  const listMessages = [...new Set(rowErrors.map((r) => r.list).filter(Boolean))];
  return (
    <div className="min-w-0 space-y-2">
      {listMessages.map((m) => (
        <p key={m} className="text-sm text-red-700" role="alert">
          {m}
        </p>
      ))}
      <YieldGrid
        rows={tratamentos.map((t, i) => ({ label: `T${i + 1}${t.nome ? ` - ${t.nome}` : ''}` }))}
        blocks={blocks}
        values={tratamentos.map((t) => (t.repeticoes ?? []).map(toCell))}
        errors={rowErrors.map((r) => r.cells)}
        onChange={(next, changed) => {
          for (const { row, col } of changed) {
            // A treatment loaded without plot yields (a planned trial's blocks) gets its whole row first.
            if ((tratamentos[row]?.repeticoes?.length ?? 0) !== blocks) {
              const full = Array.from({ length: blocks }, (_, j) => next[row]?.[j] ?? '');
              setValue(`tratamentos.${row}.repeticoes`, full, { shouldValidate: true, shouldDirty: true });
            } else setValue(`tratamentos.${row}.repeticoes.${col}`, next[row]?.[col] ?? '', { shouldValidate: true, shouldDirty: true });
          }
          for (const row of new Set(changed.map((c) => c.row))) {
            setValue(`tratamentos.${row}.produtividade`, meanOf(next[row] ?? []), { shouldValidate: true, shouldDirty: true });
          }
        }}
      />
    </div>
  );
}

/** "Nível de Produto" when factor A is named "Produto", else the catalogue's "Nível do fator A". */
const levelLabel = (fator: string | undefined, fallback: string) => (fator?.trim() ? `Nível de ${fator.trim()}` : fallback);

/**
 * A treatment's levels of the two factors and its numeric dose, behind a disclosure so that a
 * single-factor trial's card stays as it was. It opens by itself when the design is factorial, a
 * value is there, or one of them has an error (a save sends the user here to fill the levels).
 */
function FactorLevels({ index, errors }: { index: number; errors: TErrors }) {
  const { register } = useFormContext<FormValues>();
  // `as const` keeps each name's own type, so one list serves as the names and as their types.
  const watched = [
    'tipo_estatistica',
    'fator_a',
    'fator_b',
    `tratamentos.${index}.nivel_a`,
    `tratamentos.${index}.nivel_b`,
    `tratamentos.${index}.dose`,
  ] as const;
  const [design, fatorA, fatorB, nivelA, nivelB, dose] = useWatch<FormValues, typeof watched>({ name: watched });
  const terr = errors?.[index];
  const wanted =
    isFatorial(design) ||
    Boolean(nivelA || nivelB) ||
    (dose !== null && dose !== undefined && dose !== '') ||
    Boolean(terr?.nivel_a || terr?.nivel_b || terr?.dose);
  const [open, setOpen] = useState(wanted);
  // Opens when it becomes wanted; the user may close it again.
  const [wasWanted, setWasWanted] = useState(wanted);
  if (wanted !== wasWanted) {
    setWasWanted(wanted);
    if (wanted) setOpen(true);
  }
  const dosePlaceholder = TREATMENT_FIELDS.dose;
  const factorOf = { nivel_a: fatorA, nivel_b: fatorB };
  return (
    <details
      className="group rounded-lg border border-soil-200 bg-soil-50 p-3 sm:p-4"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="flex min-h-10 cursor-pointer list-none items-center gap-2 text-sm font-semibold text-slate-800 [&::-webkit-details-marker]:hidden">
        <ChevronIcon turned="group-open:rotate-90" />
        {isFatorial(design) ? 'Fatorial e dose' : 'Fatorial e dose (opcional)'}
      </summary>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {LEVELS.map((level) => (
          <Input
            key={level}
            label={levelLabel(factorOf[level], TREATMENT_FIELDS[level].label)}
            requiredMark={isFatorial(design)}
            maxLength={TREATMENT_FIELDS[level].max}
            autoComplete="off"
            placeholder={index === 0 && design === ADICIONAL ? 'Vazio no tratamento adicional' : undefined}
            error={msg(terr?.[level])}
            {...register(`tratamentos.${index}.${level}`)}
          />
        ))}
        <FormNumberInput<FormValues>
          name={`tratamentos.${index}.dose`}
          label={dosePlaceholder.label}
          decimals={dosePlaceholder.decimals}
          hint={dosePlaceholder.hint}
        />
      </div>
    </details>
  );
}

/** Above the treatments when the design (step 6) is factorial: what each card then needs. */
function FactorialNote() {
  const [design, fatorA, fatorB] = useWatch<FormValues, ['tipo_estatistica', 'fator_a', 'fator_b']>({
    name: ['tipo_estatistica', 'fator_a', 'fator_b'],
  });
  if (!isFatorial(design)) return null;
  // A draft kept before two-factor designs existed has no factors at all.
  const a = (fatorA ?? '').trim() || 'fator A';
  const b = (fatorB ?? '').trim() || 'fator B';
  return (
    <Alert tone="info">
      Delineamento {design}: informe em cada tratamento o nível de {a} e de {b} (em &quot;Fatorial e dose&quot;).
      {design === ADICIONAL ? ' Deixe sem níveis apenas o tratamento adicional (em geral a testemunha, T1).' : ''}
    </Alert>
  );
}

/** "Maximus Algas · Foliar · 3.500 kg/ha · 2 produtos": a folded card's line, from its values. */
function TreatmentSummary({ index, id }: { index: number; id: string }) {
  const t = useWatch<FormValues, `tratamentos.${number}`>({ name: `tratamentos.${index}` });
  const yieldKg = toNumberOrNull(t?.produtividade);
  const products = (t?.produtos_aplicados ?? []).map((p) => p.nome.trim()).filter(Boolean);
  const parts = [
    t?.nome?.trim() || 'Sem nome',
    t?.modalidade || 'Sem modalidade',
    yieldKg === null ? 'Sem produtividade' : `${formatDecimal(yieldKg, { decimals: 2 })} kg/ha`,
    products.length ? products.join(', ') : 'Nenhum produto',
  ];
  return (
    <p id={id} className="pl-6 text-sm text-slate-700 [overflow-wrap:anywhere]">
      {parts.join(' · ')}
    </p>
  );
}

/** A right-pointing chevron; `turned` is the class that turns it down when its group is open. */
function ChevronIcon({ turned }: { turned: string }) {
  return (
    <LineIcon viewBox="0 0 20 20" className={`h-4 w-4 shrink-0 transition-transform ${turned}`}>
      <path d="M7 4l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
    </LineIcon>
  );
}

/** A treatment's levels, one of each factor, typed alike. */
const LEVELS = ['nivel_a', 'nivel_b'] as const;

/** Whether treatment `i`'s card holds an error (it is then shown open). */
const hasErrors = (errors: TErrors, i: number) => Boolean(errors?.[i] && Object.keys(errors[i] ?? {}).length);

/**
 * Which treatment cards are open (on a phone four open cards made the step ~5,000 px
 * tall). On a wide screen every card starts open; on a phone only the one just added, the others
 * folded to a summary line. A card with an error is always open. Kept by index in the step (the
 * cards are drawn anew when the list changes).
 */
function useOpenCards(count: number) {
  const phone = useMediaQuery(PHONE_QUERY);
  const [toggled, setToggled] = useState<Record<number, boolean>>({});
  const [focus, setFocus] = useState<number | null>(null);
  const isOpen = (i: number) => toggled[i] ?? (!phone || i === focus);
  return {
    isOpen,
    /** Card `i`, shown open or not, is tapped. */
    toggle: (i: number, shown: boolean) => setToggled((t) => ({ ...t, [i]: !shown })),
    /** A card was added at `index`: it opens, and on a phone the others fold. */
    added: (index: number) => {
      setFocus(index);
      setToggled({});
    },
    /** Card `index` went: the later cards keep their state. */
    removed: (index: number) => {
      setToggled((t) => {
        const next: Record<number, boolean> = {};
        for (let i = 0; i < count; i++) {
          const own = t[i];
          if (i !== index && own !== undefined) next[i > index ? i - 1 : i] = own;
        }
        return next;
      });
      setFocus((f) => (f === null || f === index ? null : f > index ? f - 1 : f));
    },
  };
}

function TreatmentCost({ index }: { index: number }) {
  const t = useWatch<FormValues, `tratamentos.${number}`>({ name: `tratamentos.${index}` });
  const total = custoTratamento({
    custo: toNumberOrNull(t?.custo),
    produtos_aplicados: (t?.produtos_aplicados ?? []).map((p) => ({ custo: toNumberOrNull(p.custo) })),
  });
  return (
    <p className="text-sm text-slate-700">
      Custo do tratamento: <strong className="text-slate-900">{formatBRL(total)}</strong>
      <span className="text-xs text-slate-600"> (soma dos custos dos produtos)</span>
    </p>
  );
}

/**
 * The applications once treatment `removed` is gone: indices after it move up one. `aplicacoes` is
 * null when none named a treatment; `emptied` lists those that named only the removed one (now
 * every treatment, as an empty list reads).
 */
export function withoutTreatment(
  list: readonly AplicacaoForm[],
  removed: number,
): { aplicacoes: AplicacaoForm[] | null; emptied: number[] } {
  if (!list.some((a) => a.tratamentos.length)) return { aplicacoes: null, emptied: [] };
  const emptied: number[] = [];
  const aplicacoes = list.map((a, n) => {
    if (!a.tratamentos.length) return a;
    const tratamentos = a.tratamentos.filter((t) => t !== removed).map((t) => (t > removed ? t - 1 : t));
    if (!tratamentos.length) emptied.push(n);
    return { ...a, tratamentos };
  });
  return { aplicacoes, emptied };
}

/** The blocks the step starts with: the form's `blocos`, else the replicates' count of the first treatment. */
export function initialBlocks(blocos: unknown, tratamentos: readonly TratamentoForm[]): number {
  const n = toNumberOrNull(blocos);
  if (n !== null && Number.isInteger(n) && n >= 2 && n <= MAX_BLOCKS) return n;
  return tratamentos[0]?.repeticoes?.length ?? 0;
}

const OPTIONAL_YIELD = 'Opcional enquanto o ensaio não é concluído';

/** Under a treatment's yield: where it comes from (the blocks' mean) and whether it is needed yet. */
function yieldHint(fromBlocks: boolean, concluido: boolean): string | undefined {
  if (fromBlocks) return concluido ? 'Média das repetições (abaixo)' : `Média das repetições (abaixo); ${OPTIONAL_YIELD.toLowerCase()}`;
  return concluido ? undefined : OPTIONAL_YIELD;
}

export function StepTratamentos() {
  const { control, register, formState, getValues, setValue } = useFormContext<FormValues>();
  const { fields, remove: removeRow } = useFieldArray({ control, name: 'tratamentos' });
  const addRow = useAddRow('tratamentos');
  const cards = useOpenCards(fields.length);
  const add = (t: TratamentoForm) => {
    cards.added(getValues('tratamentos').length);
    addRow(t);
  };
  const remove = (i: number) => {
    cards.removed(i);
    removeRow(i);
    // Step 6's applications name treatments by index: the later ones move up one.
    const { aplicacoes, emptied } = withoutTreatment(getValues('aplicacoes') ?? [], i);
    if (aplicacoes) setValue('aplicacoes', aplicacoes, { shouldDirty: true });
    if (emptied.length)
      toast.info(
        `${emptied.map((n) => `A aplicação ${n + 1}`).join(', ')} valia só para o tratamento removido e agora vale para todos: revise em Plano de campo (passo 6).`,
      );
  };
  // Chosen once for the experiment: every treatment gets the same number of blocks. A trial
  // loaded with its blocks (edit mode, a planned trial without yields yet) starts from them.
  const [blocks, setBlocks] = useState(() => initialBlocks(getValues('blocos'), getValues('tratamentos')));
  const situacao = useWatch<FormValues, 'situacao'>({ name: 'situacao' });
  const concluido = isConcluido(situacao);
  const changeBlocks = (n: number) => {
    setBlocks(n);
    setValue('blocos', n || null, { shouldDirty: true, shouldValidate: true });
    // Kept blocks keep their yields; each treatment's yield follows the mean of what is left.
    const resized = getValues('tratamentos').map((t): TratamentoForm => {
      const next = withBlocks(t, n);
      return n ? { ...next, produtividade: meanOf((next.repeticoes ?? []).map(toCell)) } : next;
    });
    setValue('tratamentos', resized, { shouldDirty: true });
  };
  const errors = formState.errors.tratamentos;
  const listError = msg(errors) ?? msg(errors?.root);
  const produtividade = TREATMENT_FIELDS.produtividade;

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
      <ProductSuggestions />
      <datalist id={DOSE_UNITS_LIST}>
        {DOSE_UNITS.map((u) => (
          <option key={u} value={u} />
        ))}
      </datalist>
      {listError ? <Alert tone="error">{listError}</Alert> : null}
      <FactorialNote />
      {fields.length === 0 ? (
        <div className="rounded-xl border-2 border-dashed border-soil-200 px-6 py-10 text-center">
          <p className="font-medium text-slate-800">Nenhum tratamento adicionado ainda</p>
          <p className="mt-1 text-sm text-slate-600">O primeiro tratamento é a testemunha (T1), a referência de comparação.</p>
          <Button className="mt-4" onClick={() => add(newTreatment(true, blocks))}>
            <PlusIcon />
            Adicionar Testemunha (T1)
          </Button>
        </div>
      ) : null}
      {fields.map((f, i) => {
        const open = cards.isOpen(i) || hasErrors(errors, i);
        const bodyId = `tratamento-${i}-campos`;
        return (
          <article
            key={f.id}
            className="rounded-xl border border-soil-200 bg-white p-3 shadow-sm sm:p-5"
            aria-label={`T${i + 1} - Tratamento ${i + 1}`}
          >
            <header className={cn('flex items-start justify-between gap-2', open ? 'mb-4' : undefined)}>
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold text-brand-800">
                  <button
                    type="button"
                    className="group flex min-h-10 w-full items-center gap-2 rounded-md text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                    aria-expanded={open}
                    aria-controls={bodyId}
                    onClick={() => cards.toggle(i, open)}
                  >
                    <ChevronIcon turned="group-aria-expanded:rotate-90" />T{i + 1} - Tratamento {i + 1}
                  </button>
                </h3>
                {open ? null : <TreatmentSummary index={i} id={`${bodyId}-resumo`} />}
              </div>
              <Button
                size="sm"
                variant="ghost"
                className="min-h-10 shrink-0 px-2 text-red-700 hover:bg-red-50 sm:px-3"
                onClick={() => remove(i)}
                aria-label={`Remover tratamento T${i + 1}`}
              >
                <TrashIcon />
                <span className="hidden sm:inline">Remover</span>
              </Button>
            </header>
            {/* Folded, the fields stay in the form (hidden), so nothing typed is dropped. */}
            <div id={bodyId} hidden={!open}>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
                <Input
                  label="Nome"
                  requiredMark
                  readOnly={i === 0}
                  containerClassName="col-span-2 sm:col-span-1"
                  hint={i === 0 ? 'A testemunha (T1) é a referência de comparação.' : undefined}
                  error={msg(errors?.[i]?.nome)}
                  {...register(`tratamentos.${i}.nome`)}
                />
                <Select label="Modalidade" requiredMark error={msg(errors?.[i]?.modalidade)} {...register(`tratamentos.${i}.modalidade`)}>
                  <option value="">Selecione</option>
                  <Options values={MODALIDADES} />
                </Select>
                <Select
                  label={TREATMENT_FIELDS.papel.label}
                  hint={i === 0 ? 'Normalmente a testemunha absoluta' : undefined}
                  error={msg(errors?.[i]?.papel)}
                  {...register(`tratamentos.${i}.papel`)}
                >
                  <option value="">Não informado</option>
                  <Options values={PAPEIS} labels={PAPEL_LABEL} />
                </Select>
                <FormNumberInput<FormValues>
                  name={`tratamentos.${i}.produtividade`}
                  label={fieldTitle(produtividade)}
                  decimals={produtividade.decimals}
                  requiredMark={concluido}
                  readOnly={blocks > 0}
                  hint={yieldHint(blocks > 0, concluido)}
                />
              </div>
              <div className="mt-3">
                <TreatmentCost index={i} />
              </div>
              <div className="mt-4 space-y-3 sm:space-y-4">
                <FactorLevels index={i} errors={errors} />
                <Products index={i} errors={errors} />
                <Analyses index={i} errors={errors} />
              </div>
            </div>
          </article>
        );
      })}
      {fields.length > 0 ? (
        <Button variant="secondary" onClick={() => add(newTreatment(false, blocks))}>
          <PlusIcon />
          Adicionar Tratamento
        </Button>
      ) : null}
      <section className="min-w-0 space-y-4 rounded-xl border border-soil-200 bg-soil-50 p-3 sm:p-5" aria-labelledby="repeticoes-titulo">
        <div className="flex flex-wrap items-end gap-4">
          <div className="min-w-0 flex-1 basis-64">
            <h3 id="repeticoes-titulo" className="font-semibold text-slate-900">
              Produtividade por bloco
            </h3>
            <p className="mt-1 max-w-xl text-sm text-slate-700">
              Com as produtividades de cada bloco, o sistema calcula a análise de variância, o CV e os testes de Tukey e Scott-Knott.
            </p>
          </div>
          <Select
            label="Repetições (blocos)"
            name="numeroRepeticoes"
            value={String(blocks)}
            onChange={(e) => changeBlocks(Number(e.target.value))}
            error={msg(formState.errors.blocos)}
            containerClassName="w-56"
          >
            <option value="0">Sem repetições</option>
            {Array.from({ length: 11 }, (_, i) => i + 2).map((n) => (
              <option key={n} value={n}>
                {n} repetições
              </option>
            ))}
          </Select>
        </div>
        {blocks > 0 && fields.length > 0 && !concluido ? (
          <p className="text-sm text-slate-600">Opcional enquanto o ensaio não é concluído: deixe a tabela vazia até a colheita.</p>
        ) : null}
        {blocks > 0 && fields.length > 0 ? <PlotYields blocks={blocks} errors={errors} /> : null}
        {blocks > 0 && fields.length === 0 ? (
          <p className="text-sm text-slate-600">Adicione os tratamentos para digitar ou colar as produtividades de cada bloco.</p>
        ) : null}
      </section>
      <PlanningChecklistHere />
      <AssessmentsSection blocks={blocks} />
    </div>
  );
}
