/**
 * Steps 1–4 and 6: the catalogue's fields of each step, bound to the form by name. A field is
 * drawn from its declaration (label, unit, kind, decimals, options, hint, interpretation scale); a
 * step adds only what is about layout or typing help. Numbers are typed in the product's number
 * input (pt-BR or plain, coordinates also in degrees-minutes-seconds), never a browser
 * `type="number"`, which drops a decimal comma without a word.
 */
import type { ReactNode } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { CULTIVARES_SUGERIDAS } from '../../../../shared/constants.js';
import { factorLevelIssues, isFatorial } from '../../../../shared/experiment.js';
import { EXPERIMENT_FIELDS, STEP_FIELDS } from '../../../../shared/fields/catalogue.js';
import { toNumberOrNull } from '../../../../shared/decimal.js';
import {
  type Field,
  type FieldMeta,
  type NumberField,
  type Step,
  fieldTitle,
  isNumeric,
  isRequired,
} from '../../../../shared/fields/kinds.js';
import type { SoilClass } from '../../../../shared/soil.js';
import { LocationPicker } from '../../../components/location-picker.js';
import { Alert } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Input, Options, Select, type SelectProps } from '../../../components/ui/field.js';
import { InfoBox } from '../../../components/ui/info-box.js';
import { FormNumberInput } from '../../../components/ui/number-input.js';
import { cn } from '../../../lib/cn.js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast.js';
import { api, useSession } from '../../../lib/api.js';
import { lookupQueries } from '../../../lib/lookup-queries.js';
import { useCulturas, useEstados, useMarcas, useRegioes } from '../../../lib/use-lookups.js';
import type { FormValues } from '../form-values.js';
import { FieldPlanSection } from './field-plan-section.js';
import { PlanningChecklistHere } from './planning-slot.js';
import { formatNumber } from '../../../../shared/format.js';
import { FONTE_PRODUTIVIDADE_OFICIAL, produtividadeOficial } from '../../../../shared/produtividade-oficial.js';

/** A plain field of the form (every experiment field but the treatments). */
type Name = Exclude<keyof FormValues, 'tratamentos'>;

/** What a step may add to a field's declaration. */
interface Extra {
  containerClassName?: string;
  placeholder?: string;
  autoComplete?: string;
  list?: string;
  hint?: ReactNode;
}

function useField() {
  const { register, formState } = useFormContext<FormValues>();
  return (name: Name) => ({ ...register(name), error: formState.errors[name]?.message as string | undefined });
}

type Option = { value: string; text: string };

/**
 * A select whose options come from a lookup. Controlled by the form's value, so the
 * value shows as soon as its option exists (a list that arrives after the value was set — edit
 * mode, a confirmed report — would otherwise leave the native select on its first option), and a
 * value the list does not have (an old record, a report's word) is still shown, as an option of
 * its own, rather than hidden behind "Selecione".
 */
function LookupSelect({
  name,
  common,
  placeholder,
  pending,
  options,
}: {
  name: Name;
  common: Omit<SelectProps, 'name' | 'value' | 'onChange' | 'onBlur'>;
  placeholder: string;
  pending: boolean;
  options: readonly Option[];
}) {
  // Destructured: the React compiler's lint reads every property of an object holding a `ref` as a ref.
  const {
    field: { ref: attach, name: fieldName, value: raw, onChange, onBlur },
    fieldState,
  } = useController<FormValues, Name>({ name });
  const value = raw === null || raw === undefined ? '' : String(raw);
  const shown = value && !options.some((o) => o.value === value) ? [{ value, text: value }, ...options] : options;
  return (
    <Select {...common} name={fieldName} ref={attach} value={value} onChange={onChange} onBlur={onBlur} error={fieldState.error?.message}>
      <option value="">{pending ? 'Carregando...' : placeholder}</option>
      {shown.map((o) => (
        <option key={o.value} value={o.value}>
          {o.text}
        </option>
      ))}
    </Select>
  );
}

/**
 * A choice that always holds one of its options (its `absent` value when the form has none).
 * Controlled by the form's value, so the select shows the form's option from the start.
 */
function ChoiceSelect({
  name,
  common,
  options,
  absent,
  labels,
}: {
  name: Name;
  common: Omit<SelectProps, 'name' | 'value' | 'onChange' | 'onBlur'>;
  options: readonly string[];
  absent: string;
  labels?: Readonly<Record<string, string>> | undefined;
}) {
  // Destructured: the React compiler's lint reads every property of an object holding a `ref` as a ref.
  const {
    field: { ref: attach, name: fieldName, value: raw, onChange, onBlur },
    fieldState,
  } = useController<FormValues, Name>({ name });
  const value = typeof raw === 'string' && raw ? raw : absent;
  return (
    <Select {...common} name={fieldName} ref={attach} value={value} onChange={onChange} onBlur={onBlur} error={fieldState.error?.message}>
      <Options<string> values={options} {...(labels ? { labels } : {})} />
    </Select>
  );
}

type LookupProps = Omit<Parameters<typeof LookupSelect>[0], 'pending' | 'options'>;

const named = (nome: string): Option => ({ value: nome, text: nome });

/**
 * The brand select. A brand the catalogue does not have (a report's maker, proposed as printed)
 * stays shown and selected, with what to do about it: pick the catalogue's brand it is, or have it
 * registered (an administrator can do it here: the API refuses a trial whose brand is unknown).
 */
function MarcaSelect(props: LookupProps) {
  const marcas = useMarcas();
  const value = useWatch<FormValues, Name>({ name: props.name });
  const unknown = typeof value === 'string' && value.trim() !== '' && !marcas.isPending && !marcas.list.includes(value) ? value : null;
  const common = unknown ? { ...props.common, hint: <UnknownBrand nome={unknown} /> } : props.common;
  return <LookupSelect {...props} common={common} pending={marcas.isPending} options={marcas.list.map(named)} />;
}

function UnknownBrand({ nome }: { nome: string }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const register = useMutation({
    mutationFn: () => api.request<{ marca: string }>('/api/lookups/marcas', { method: 'POST', body: { nome } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: lookupQueries.marcas.queryKey });
      toast.success(`Marca “${nome}” cadastrada.`);
    },
    onError: (err) => toast.error(err instanceof Error ? err.message : 'Não foi possível cadastrar a marca.'),
  });
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-amber-900">
      <span>
        “{nome}” não está no catálogo de marcas: escolha a marca cadastrada correspondente
        {user?.role === 'admin' ? ' ou cadastre-a.' : ' ou peça a um administrador que a cadastre.'}
      </span>
      {user?.role === 'admin' ? (
        <Button variant="secondary" size="sm" onClick={() => register.mutate()} disabled={register.isPending}>
          {register.isPending ? 'Cadastrando...' : 'Cadastrar marca'}
        </Button>
      ) : null}
    </span>
  );
}

function RegionalSelect(props: LookupProps) {
  const regioes = useRegioes();
  return <LookupSelect {...props} pending={regioes.isPending} options={regioes.list.map((r) => named(r.nome))} />;
}

function EstadoSelect(props: LookupProps) {
  const estados = useEstados();
  const options = estados.list.map((e) => ({ value: e.sigla, text: `${e.nome} (${e.sigla})` }));
  return <LookupSelect {...props} pending={estados.isPending} options={options} />;
}

function CulturaSelect(props: LookupProps) {
  const culturas = useCulturas();
  return <LookupSelect {...props} pending={culturas.isPending} options={culturas.list.map(named)} />;
}

function LookupField({ lookup, ...props }: LookupProps & { lookup: NonNullable<FieldMeta['lookup']> }) {
  switch (lookup) {
    case 'marcas':
      return <MarcaSelect {...props} />;
    case 'regionais':
      return <RegionalSelect {...props} />;
    case 'estados':
      return <EstadoSelect {...props} />;
    case 'culturas':
      return <CulturaSelect {...props} />;
  }
}

function SoilScale({ classes, active, caption }: { classes: readonly SoilClass[]; active: SoilClass | null; caption: string }) {
  return (
    <div>
      <p className="mb-1.5 text-xs font-medium text-slate-700">{caption}</p>
      <ul className="grid grid-cols-2 gap-1.5 text-xs sm:grid-cols-4">
        {classes.map((c) => {
          const on = active?.id === c.id;
          return (
            <li
              key={c.id}
              aria-current={on ? 'true' : undefined}
              className={cn(
                'rounded-md border px-2 py-1.5',
                on ? 'border-brand-600 bg-brand-600 font-semibold text-white' : 'border-soil-200 bg-soil-50 text-slate-700',
              )}
            >
              {c.range} {c.label.toLowerCase()}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** An input followed by the interpretation of what is typed in it (soil classes). */
function Scaled({ name, scale, children }: { name: Name; scale: NonNullable<FieldMeta['scale']>; children: ReactNode }) {
  const value = useWatch<FormValues, Name>({ name });
  return (
    <div className="space-y-3">
      {children}
      <SoilScale caption={scale.caption} classes={scale.classes} active={scale.classify(toNumberOrNull(value))} />
    </div>
  );
}

/** A number field: its kind, decimals and (coordinates) axis decide what the input reads. */
function CatalogueNumber({ name, f, extra }: { name: Name; f: NumberField; extra?: Extra | undefined }) {
  return (
    <FormNumberInput<FormValues>
      name={name}
      label={fieldTitle(f)}
      requiredMark={isRequired(f)}
      hint={extra?.hint ?? f.hint}
      containerClassName={extra?.containerClassName}
      kind={f.kind}
      decimals={f.decimals}
      {...(f.axis ? { axis: f.axis } : {})}
    />
  );
}

/** One field as its catalogue declaration describes it. */
function CatalogueField({ name, extra }: { name: Name; extra?: Extra | undefined }) {
  const field = useField();
  const f: Field = EXPERIMENT_FIELDS[name];
  const frame = {
    label: fieldTitle(f),
    requiredMark: isRequired(f),
    hint: extra?.hint ?? f.hint,
    containerClassName: extra?.containerClassName,
  };
  const placeholder = f.placeholder ?? '';
  if (f.lookup) return <LookupField lookup={f.lookup} name={name} common={frame} placeholder={placeholder} />;
  const common = { ...frame, ...field(name) };
  if (f.kind === 'choice') {
    const labels = f.optionLabels ? { labels: f.optionLabels } : {};
    // A choice with a value of its own when absent (the situation) is never empty: no placeholder option.
    // ChoiceField does not declare `absent` (the catalogue's spec does): read it where it is there.
    if ('absent' in f && typeof f.absent === 'string')
      return <ChoiceSelect name={name} common={frame} options={f.options} absent={f.absent} labels={f.optionLabels} />;
    return (
      <Select {...common}>
        <option value="">{placeholder}</option>
        <Options<string> values={f.options} {...labels} />
      </Select>
    );
  }
  if (isNumeric(f) && f.options) {
    return (
      <Select {...common}>
        <option value="">{placeholder}</option>
        <Options<number> values={f.options} />
      </Select>
    );
  }
  if (isNumeric(f)) {
    const input = <CatalogueNumber name={name} f={f} extra={extra} />;
    return f.scale ? (
      <Scaled name={name} scale={f.scale}>
        {input}
      </Scaled>
    ) : (
      input
    );
  }
  return <Input {...common} placeholder={extra?.placeholder} autoComplete={extra?.autoComplete} list={extra?.list} />;
}

/** The catalogue's fields of a step, in order (but those a step draws itself). */
function StepFields({ step, extra, skip = [] }: { step: Step; extra?: Partial<Record<Name, Extra>>; skip?: readonly Name[] }) {
  // Lists (treatments, assessments, the plot size, the applications) have sections of their own.
  const names = STEP_FIELDS[step].filter(
    (n): n is Name => n !== 'tratamentos' && EXPERIMENT_FIELDS[n].kind !== 'list' && !skip.includes(n as Name),
  );
  return (
    <>
      {names.map((name) => (
        <CatalogueField key={name} name={name} extra={extra?.[name]} />
      ))}
    </>
  );
}

export function StepConsultoria() {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <StepFields
        step={1}
        extra={{
          situacao: { containerClassName: 'sm:col-span-2' },
          consultoria: { placeholder: 'Nome da consultoria', containerClassName: 'sm:col-span-2' },
          regional: { containerClassName: 'sm:col-span-2' },
        }}
      />
    </div>
  );
}

/** "Usar minha localização", the pin map and the 100 km check, under the typed coordinates. */
function Location() {
  const { setValue } = useFormContext<FormValues>();
  const [lat, lng, cidade, estado] = useWatch<FormValues, ['latitude', 'longitude', 'cidade', 'estado']>({
    name: ['latitude', 'longitude', 'cidade', 'estado'],
  });
  return (
    <LocationPicker
      className="sm:col-span-2"
      lat={toNumberOrNull(lat)}
      lng={toNumberOrNull(lng)}
      cidade={cidade}
      estado={estado}
      onPick={(p) => {
        setValue('latitude', p.lat, { shouldValidate: true, shouldDirty: true });
        setValue('longitude', p.lng, { shouldValidate: true, shouldDirty: true });
      }}
    />
  );
}

export function StepLocalizacao() {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <StepFields step={2} extra={{ cidade: { autoComplete: 'address-level2' } }} />
      <Location />
    </div>
  );
}

export function StepSolo() {
  return (
    <div className="space-y-6">
      <StepFields step={3} />
    </div>
  );
}

export function StepCultura() {
  const [cultura, estado] = useWatch<FormValues, ['cultura', 'estado']>({ name: ['cultura', 'estado'] });
  const sugestoes = CULTIVARES_SUGERIDAS[cultura] ?? [];
  const oficial = produtividadeOficial(cultura ?? '', estado ?? '');
  return (
    <div className="space-y-6">
      <div className="grid gap-5 sm:grid-cols-3">
        <StepFields
          step={4}
          extra={{
            cultivar: {
              list: 'cultivares-sugeridas',
              autoComplete: 'off',
              hint: sugestoes.length ? 'Escolha uma sugestão ou digite' : undefined,
            },
            // Left empty, the checklist compares with the official average it names (conformidade-regras.ts).
            ...(oficial === null
              ? {}
              : {
                  produtividade_regional: {
                    hint: `Opcional: vazio, vale a média oficial de ${cultura} em ${estado}: ${formatNumber(oficial, 0)} kg/ha (${FONTE_PRODUTIVIDADE_OFICIAL}).`,
                  },
                }),
          }}
        />
        <datalist id="cultivares-sugeridas">
          {sugestoes.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </div>
      <InfoBox title="Sobre as culturas">
        <p>
          <strong>Soja:</strong> ciclo de 100 a 140 dias; a produtividade costuma ficar entre 3.000 e 4.800 kg/ha (50 a 80 sc/ha).
        </p>
        <p>
          <strong>Milho:</strong> safra ou safrinha; produtividade típica de 7.000 a 13.000 kg/ha conforme o manejo e a época.
        </p>
        <p>
          <strong>Café:</strong> cultura perene com bienalidade; compare tratamentos na mesma safra, entre 1.500 e 3.500 kg/ha beneficiado.
        </p>
      </InfoBox>
    </div>
  );
}

/**
 * The factors' names, under the design when it is a two-factor one. Hidden otherwise,
 * but kept: switching the design back and forth loses nothing typed.
 */
function Factors() {
  const design = useWatch<FormValues, 'tipo_estatistica'>({ name: 'tipo_estatistica' });
  if (!isFatorial(design)) return null;
  return (
    <fieldset className="grid gap-4 rounded-lg border border-soil-200 bg-soil-50 p-3 sm:col-span-2 sm:grid-cols-2 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Fatores do delineamento</legend>
      <p className="text-sm text-slate-700 sm:col-span-2">
        Dê nome aos dois fatores; o nível de cada tratamento é informado no passo 5 (Tratamentos), em &quot;Fatorial e dose&quot;.
        {design === 'Parcelas Subdivididas DBC' ? ' Nas parcelas subdivididas, o fator A é o da parcela principal.' : ''}
      </p>
      <CatalogueField name="fator_a" extra={{ placeholder: EXPERIMENT_FIELDS.fator_a.placeholder, autoComplete: 'off' }} />
      <CatalogueField name="fator_b" extra={{ placeholder: EXPERIMENT_FIELDS.fator_b.placeholder, autoComplete: 'off' }} />
    </fieldset>
  );
}

const FACTOR_NAMES: readonly Name[] = ['fator_a', 'fator_b'];

/** The level inputs (`tratamentos.1.nivel_a`, …) a factorial design still needs, in order. */
export function missingLevelPaths(values: unknown): string[] {
  return factorLevelIssues(values)
    .filter((i) => i.path[0] === 'tratamentos')
    .map((i) => i.path.join('.'));
}

/**
 * The design is chosen here, after the treatments of step 5; as soon as a two-factor
 * design is chosen, the treatments still without levels are named, with the way to fill them.
 */
function MissingLevels({ onFix }: { onFix: (paths: string[]) => void }) {
  const [design, fatorA, fatorB, tratamentos] = useWatch<FormValues, ['tipo_estatistica', 'fator_a', 'fator_b', 'tratamentos']>({
    name: ['tipo_estatistica', 'fator_a', 'fator_b', 'tratamentos'],
  });
  const paths = missingLevelPaths({ tipo_estatistica: design, fator_a: fatorA, fator_b: fatorB, tratamentos });
  if (!paths.length) return null;
  const which = [...new Set(paths.map((p) => Number(p.split('.')[1])))].map((i) => `T${i + 1}`);
  const a = (fatorA ?? '').trim() || 'fator A';
  const b = (fatorB ?? '').trim() || 'fator B';
  return (
    <Alert tone="warning" title="Faltam os níveis dos fatores nos tratamentos" className="sm:col-span-2">
      <p>
        No delineamento {design}, cada tratamento precisa do nível de {a} e do nível de {b}
        {design === 'Fatorial DBC com adicional' ? ' (só o tratamento adicional, em geral a testemunha T1, fica sem níveis)' : ''}. Ainda
        sem níveis: {which.join(', ')}.
      </p>
      <p className="mt-1">Informe-os no passo 5 (Tratamentos), em &quot;Fatorial e dose&quot; de cada tratamento.</p>
      <Button size="sm" variant="secondary" className="mt-2" onClick={() => onFix(paths)}>
        Informar os níveis no passo 5
      </Button>
    </Alert>
  );
}

/** `onFixLevels`: the wizard shows step 5 at the first missing level; on one page, it is focused. */
export function StepEstatistica({ onFixLevels }: { onFixLevels?: (paths: string[]) => void }) {
  const { setFocus, trigger } = useFormContext<FormValues>();
  const fix =
    onFixLevels ??
    ((paths: string[]) => {
      void trigger(paths as (keyof FormValues)[]);
      if (paths[0]) setFocus(paths[0] as keyof FormValues);
    });
  return (
    <div className="space-y-6">
      <div className="grid gap-5 sm:grid-cols-2">
        <CatalogueField name="tipo_estatistica" />
        <MissingLevels onFix={fix} />
        <Factors />
        <PlanningChecklistHere />
        <StepFields step={6} skip={['tipo_estatistica', ...FACTOR_NAMES]} />
      </div>
      <InfoBox title="Sobre o ROI">
        <p>
          O ROI é o total de vendas que a empresa contratada gerou na região no último ano. Ele é usado para avaliar o impacto comercial dos
          experimentos.
        </p>
      </InfoBox>
      <FieldPlanSection />
    </div>
  );
}
