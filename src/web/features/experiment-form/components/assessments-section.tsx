/**
 * Step 5's assessments: what the trial rates per plot besides yield (severity on a date, plant
 * height, SPAD…). Each has its declaration (name, unit, type, date, stage, target, a score's scale)
 * and a grid of its plot values like the yield's (treatments × blocks). A cell refuses what the type
 * forbids with a message naming the value ("150 não é uma porcentagem válida…"); an empty cell is a
 * plot not rated, never 0. "Nova data" repeats an assessment's layout for the next rating date.
 */
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { PRESETS_AVALIACAO, TIPO_AVALIACAO_LABEL, novaChave, rotuloAvaliacao, valueProblem } from '../../../../shared/assessments.js';
import { AVALIACOES_SUGERIDAS, TIPOS_AVALIACAO, type TipoAvaliacao, UNIDADES_SUGERIDAS } from '../../../../shared/constants.js';
import { type ParseResult, formatDecimal, parseDecimal } from '../../../../shared/decimal.js';
import { ASSESSMENT_FIELDS } from '../../../../shared/fields/catalogue.js';
import { formDefaults } from '../../../../shared/fields/kinds.js';
import { type Cell, toCell } from '../../../../shared/plot-grid.js';
import { Button } from '../../../components/ui/button.js';
import { Input, Options, Select } from '../../../components/ui/field.js';
import { PlotGrid } from '../../../components/ui/plot-grid.js';
import type { AvaliacaoForm, FormValues } from '../form-values.js';
import { PlusIcon, TrashIcon } from './icons.js';

const msg = (v: unknown) => (v && typeof v === 'object' && 'message' in v ? (v.message as string | undefined) : undefined);

const NAMES_LIST = 'avaliacoes-sugeridas';
const UNITS_LIST = 'unidades-avaliacao';
const F = ASSESSMENT_FIELDS;

const whole = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isInteger(n) ? n : null;
};

/** A cell's text as its value: a pt-BR number the assessment's type allows, or why not. */
function readerOf(a: AvaliacaoForm): (text: string) => ParseResult {
  const tipo = (TIPOS_AVALIACAO as readonly string[]).includes(a.tipo) ? (a.tipo as TipoAvaliacao) : null;
  return (text) => {
    const r = parseDecimal(text, { decimals: 4 });
    if (!r.ok || r.value === null || !tipo) return r;
    const problem = valueProblem(r.value, { tipo, escala_min: whole(a.escala_min), escala_max: whole(a.escala_max) });
    return problem ? { ok: false, incomplete: false, message: problem } : r;
  };
}

const formatCell = (v: number) =>
  formatDecimal(v, { decimals: 4 })
    .replace(/(,\d*?)0+$/, '$1')
    .replace(/,$/, '');

/** One assessment: its declaration and its grid. */
function Assessment({ index, blocks, onCopy, onRemove }: { index: number; blocks: number; onCopy: () => void; onRemove: () => void }) {
  const { register, setValue, getValues, formState } = useFormContext<FormValues>();
  const a = useWatch<FormValues, `avaliacoes.${number}`>({ name: `avaliacoes.${index}` });
  const tratamentos = useWatch<FormValues, 'tratamentos'>({ name: 'tratamentos' });
  const errors = formState.errors.avaliacoes?.[index];
  const treatmentErrors = formState.errors.tratamentos;
  const chave = a.chave;
  const name = (field: keyof AvaliacaoForm) => `avaliacoes.${index}.${field}` as const;
  const title = a.nome.trim()
    ? rotuloAvaliacao({ nome: a.nome, unidade: a.unidade, data: a.data || null, estadio: a.estadio || null })
    : '';

  /** A suggested name brings its usual unit and type, where they are still empty. */
  const presetFor = (nome: string) => {
    const preset = PRESETS_AVALIACAO[nome.trim().toLocaleLowerCase('pt-BR')];
    if (!preset) return;
    const now = getValues(`avaliacoes.${index}`);
    if (!now.unidade) setValue(name('unidade'), preset.unidade, { shouldDirty: true });
    if (!now.tipo) {
      setValue(name('tipo'), preset.tipo, { shouldDirty: true });
      if (preset.tipo === 'nota') {
        setValue(name('escala_min'), preset.escala_min, { shouldDirty: true });
        setValue(name('escala_max'), preset.escala_max, { shouldDirty: true });
      }
    }
  };
  const nome = register(name('nome'));

  const unit = a.unidade.trim();
  return (
    <section className="min-w-0 space-y-4 rounded-lg bg-white p-3 ring-1 ring-soil-200 sm:p-4" aria-label={`Avaliação ${index + 1}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <span className="text-xs font-semibold uppercase tracking-wide text-slate-600">Avaliação {index + 1}</span>
          {title ? <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{title}</p> : null}
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" className="min-h-10" onClick={onCopy} aria-label={`Nova data da avaliação ${index + 1}`}>
            <PlusIcon />
            Nova data
          </Button>
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Remover avaliação ${index + 1}`}
            className="flex h-10 w-10 items-center justify-center rounded-md text-red-700 hover:bg-red-50"
          >
            <TrashIcon />
          </button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Input
          label={F.nome.label}
          required
          list={NAMES_LIST}
          autoComplete="off"
          placeholder={F.nome.placeholder}
          maxLength={F.nome.max}
          error={msg(errors?.nome)}
          {...nome}
          onChange={(e) => {
            void nome.onChange(e);
            presetFor(e.target.value);
          }}
        />
        <Input
          label={F.unidade.label}
          list={UNITS_LIST}
          autoComplete="off"
          placeholder={F.unidade.placeholder}
          maxLength={F.unidade.max}
          error={msg(errors?.unidade)}
          {...register(name('unidade'))}
        />
        <Select label={F.tipo.label} required error={msg(errors?.tipo)} {...register(name('tipo'))}>
          <option value="">Selecione o tipo</option>
          <Options values={TIPOS_AVALIACAO} labels={TIPO_AVALIACAO_LABEL} />
        </Select>
        <Input label={F.data.label} type="date" error={msg(errors?.data)} {...register(name('data'))} />
        <Input
          label={F.estadio.label}
          autoComplete="off"
          placeholder={F.estadio.placeholder}
          maxLength={F.estadio.max}
          error={msg(errors?.estadio)}
          {...register(name('estadio'))}
        />
        <Input
          label={F.alvo.label}
          autoComplete="off"
          placeholder={F.alvo.placeholder}
          hint={F.alvo.hint}
          maxLength={F.alvo.max}
          error={msg(errors?.alvo)}
          containerClassName="sm:col-span-2 lg:col-span-1"
          {...register(name('alvo'))}
        />
        {a.tipo === 'nota'
          ? (['escala_min', 'escala_max'] as const).map((bound) => (
              <Input
                key={bound}
                label={F[bound].label}
                inputMode="numeric"
                autoComplete="off"
                error={msg(errors?.[bound])}
                {...register(name(bound))}
              />
            ))
          : null}
      </div>
      {blocks > 0 && tratamentos.length > 0 ? (
        <PlotGrid
          rows={tratamentos.map((t, i) => ({ label: `T${i + 1}${t.nome ? ` - ${t.nome}` : ''}` }))}
          blocks={blocks}
          values={tratamentos.map((t) => (t.observacoes?.[chave] ?? []).map(toCell))}
          errors={tratamentos.map((_, i) => Array.from({ length: blocks }, (_, j) => msg(treatmentErrors?.[i]?.observacoes?.[chave]?.[j])))}
          onChange={(next: Cell[][], changed) => {
            for (const row of new Set(changed.map((c) => c.row))) {
              setValue(
                `tratamentos.${row}.observacoes.${chave}`,
                (next[row] ?? []).map((v) => v ?? ''),
                {
                  shouldValidate: true,
                  shouldDirty: true,
                },
              );
            }
          }}
          cellName={(i, j) => `tratamentos.${i}.observacoes.${chave}.${j}`}
          cellLabel={(row, j) => `${row}, bloco ${j + 1} (${a.nome.trim() || `avaliação ${index + 1}`}${unit ? `, ${unit}` : ''})`}
          read={readerOf(a)}
          format={formatCell}
          caption={`${title || `Avaliação ${index + 1}`}: tratamentos nas linhas, blocos nas colunas`}
          meanHeader={unit ? `Média (${unit})` : 'Média'}
          formatMean={(mean) => (mean === null ? '–' : formatDecimal(mean, { decimals: 2 }))}
        />
      ) : (
        <p className="text-sm text-slate-600">
          {blocks > 0
            ? 'Adicione os tratamentos para lançar os valores de cada parcela.'
            : 'Escolha o número de repetições (blocos) acima para lançar os valores de cada parcela.'}
        </p>
      )}
    </section>
  );
}

/** The assessments of the experiment, below the plot yields. */
export function AssessmentsSection({ blocks }: { blocks: number }) {
  const { control, getValues, setValue } = useFormContext<FormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'avaliacoes' });
  const taken = () => getValues('avaliacoes').map((a) => a.chave);

  const add = () => append({ ...formDefaults(ASSESSMENT_FIELDS), chave: novaChave('avaliacao', taken()) }, { shouldFocus: false });
  /** The same variable on the next date: its name, unit, type, target and scale; no date, stage or values. */
  const copy = (i: number) => {
    const a = getValues(`avaliacoes.${i}`);
    append({ ...a, chave: novaChave(a.nome || 'avaliacao', taken()), data: '', estadio: '' }, { shouldFocus: false });
  };
  const drop = (i: number) => {
    const chave = getValues(`avaliacoes.${i}.chave`);
    // Its plot values go with it (the schema refuses values of an assessment that is not declared).
    getValues('tratamentos').forEach((t, row) => {
      if (!t.observacoes || !(chave in t.observacoes)) return;
      const { [chave]: _gone, ...rest } = t.observacoes;
      setValue(`tratamentos.${row}.observacoes`, rest, { shouldDirty: true });
    });
    remove(i);
  };

  return (
    <section className="min-w-0 space-y-4 rounded-xl border border-soil-200 bg-soil-50 p-3 sm:p-5" aria-labelledby="avaliacoes-titulo">
      <datalist id={NAMES_LIST}>
        {AVALIACOES_SUGERIDAS.map((n) => (
          <option key={n} value={n} />
        ))}
        {F.nome.suggestions
          .filter((n) => !(AVALIACOES_SUGERIDAS as readonly string[]).includes(n))
          .map((n) => (
            <option key={n} value={n} />
          ))}
      </datalist>
      <datalist id={UNITS_LIST}>
        {UNIDADES_SUGERIDAS.map((u) => (
          <option key={u} value={u} />
        ))}
      </datalist>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h3 id="avaliacoes-titulo" className="font-semibold text-slate-900">
            Avaliações por parcela
          </h3>
          <p className="mt-1 max-w-xl text-sm text-slate-700">
            Além da produtividade, registre o que o ensaio avalia em cada parcela e data (severidade, controle, altura, SPAD…): cada
            avaliação tem sua análise estatística no relatório.
          </p>
        </div>
        <Button variant="secondary" onClick={add}>
          <PlusIcon />
          Adicionar avaliação
        </Button>
      </div>
      {fields.length === 0 ? <p className="text-sm text-slate-600">Nenhuma avaliação por parcela.</p> : null}
      {fields.map((f, i) => (
        <Assessment key={f.id} index={i} blocks={blocks} onCopy={() => copy(i)} onRemove={() => drop(i)} />
      ))}
    </section>
  );
}
