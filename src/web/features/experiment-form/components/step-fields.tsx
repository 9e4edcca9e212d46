/** Steps 1–4 and 6: plain fields bound to the form by name. */
import { useFormContext, useWatch } from 'react-hook-form';
import { BUSINESS_UNITS, CULTIVARES_SUGERIDAS, TIPOS_ESTATISTICA, YEARS } from '../../../../shared/constants.js';
import { CLAY_CLASSES, ORGANIC_MATTER_CLASSES, type SoilClass, clayClass, organicMatterClass } from '../../../../shared/soil.js';
import { Input, Select } from '../../../components/ui/field.js';
import { InfoBox } from '../../../components/ui/info-box.js';
import { cn } from '../../../lib/cn.js';
import { useCulturas, useEstados, useMarcas, useRegioes } from '../../lookups/use-lookups.js';
import type { FormValues } from '../form-values.js';

function useField() {
  const { register, formState } = useFormContext<FormValues>();
  return (name: keyof FormValues) => ({ ...register(name), error: formState.errors[name]?.message as string | undefined });
}

function LoadingOption({ loading, label }: { loading: boolean; label: string }) {
  return <option value="">{loading ? 'Carregando...' : label}</option>;
}

export function StepConsultoria() {
  const field = useField();
  const marcas = useMarcas();
  const regioes = useRegioes();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Input label="Consultoria" requiredMark placeholder="Nome da consultoria" containerClassName="sm:col-span-2" {...field('consultoria')} />
      <Select label="Marca" requiredMark {...field('marca')}>
        <LoadingOption loading={marcas.isPending} label="Selecione a marca" />
        {marcas.list.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </Select>
      <Select label="Business Unit" requiredMark {...field('bu')}>
        <option value="">Selecione a BU</option>
        {BUSINESS_UNITS.map((b) => (
          <option key={b} value={b}>
            {b}
          </option>
        ))}
      </Select>
      <Select label="Regional" requiredMark containerClassName="sm:col-span-2" {...field('regional')}>
        <LoadingOption loading={regioes.isPending} label="Selecione a regional" />
        {regioes.list.map((r) => (
          <option key={r.sigla} value={r.nome}>
            {r.nome}
          </option>
        ))}
      </Select>
    </div>
  );
}

export function StepLocalizacao() {
  const field = useField();
  const estados = useEstados();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Input label="Cidade" requiredMark autoComplete="address-level2" {...field('cidade')} />
      <Select label="Estado" requiredMark {...field('estado')}>
        <LoadingOption loading={estados.isPending} label="Selecione o estado" />
        {estados.list.map((e) => (
          <option key={e.sigla} value={e.sigla}>
            {e.nome} ({e.sigla})
          </option>
        ))}
      </Select>
      <Input label="Latitude" type="number" step="0.000001" min={-90} max={90} inputMode="decimal" hint="Graus decimais, ex.: -17.7923 (opcional)" {...field('latitude')} />
      <Input label="Longitude" type="number" step="0.000001" min={-180} max={180} inputMode="decimal" hint="Graus decimais, ex.: -50.9192 (opcional)" {...field('longitude')} />
    </div>
  );
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
              className={cn('rounded-md border px-2 py-1.5', on ? 'border-brand-600 bg-brand-600 font-semibold text-white' : 'border-soil-200 bg-soil-50 text-slate-700')}
            >
              {c.range} {c.label.toLowerCase()}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const asNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(String(v).replace(',', '.')));

export function StepSolo() {
  const field = useField();
  const [argila, mo] = useWatch<FormValues, ['teor_argila', 'teor_materia_organica']>({ name: ['teor_argila', 'teor_materia_organica'] });
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <Input label="Teor de argila (%)" type="number" step="0.01" min={0} max={100} inputMode="decimal" requiredMark {...field('teor_argila')} />
        <SoilScale caption="Interpretação do teor de argila:" classes={CLAY_CLASSES} active={clayClass(asNumber(argila))} />
      </div>
      <div className="space-y-3">
        <Input label="Teor de matéria orgânica (%)" type="number" step="0.1" min={0} max={100} inputMode="decimal" requiredMark {...field('teor_materia_organica')} />
        <SoilScale caption="Interpretação da matéria orgânica:" classes={ORGANIC_MATTER_CLASSES} active={organicMatterClass(asNumber(mo))} />
      </div>
    </div>
  );
}

export function StepCultura() {
  const field = useField();
  const culturas = useCulturas();
  const cultura = useWatch<FormValues, 'cultura'>({ name: 'cultura' });
  const sugestoes = CULTIVARES_SUGERIDAS[cultura] ?? [];
  return (
    <div className="space-y-6">
      <div className="grid gap-5 sm:grid-cols-3">
        <Select label="Cultura" requiredMark {...field('cultura')}>
          <LoadingOption loading={culturas.isPending} label="Selecione a cultura" />
          {culturas.list.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
        <Input label="Cultivar" requiredMark list="cultivares-sugeridas" autoComplete="off" hint={sugestoes.length ? 'Escolha uma sugestão ou digite' : undefined} {...field('cultivar')} />
        <datalist id="cultivares-sugeridas">
          {sugestoes.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <Select label="Ano" requiredMark {...field('ano')}>
          <option value="">Selecione o ano</option>
          {YEARS.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </Select>
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

export function StepEstatistica() {
  const field = useField();
  return (
    <div className="space-y-6">
      <div className="grid gap-5 sm:grid-cols-2">
        <Select label="Tipo de estatística" requiredMark {...field('tipo_estatistica')}>
          <option value="">Selecione o delineamento</option>
          {TIPOS_ESTATISTICA.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
        <Input label="Custo do protocolo (R$)" type="number" step="0.01" min={0} inputMode="decimal" requiredMark {...field('custo_protocolo')} />
        <Input label="ROI (R$)" type="number" step="0.01" min={0} inputMode="decimal" hint="Opcional" {...field('roi')} />
        <Input
          label="Preço da saca (R$/60 kg)"
          type="number"
          step="0.01"
          min={0}
          inputMode="decimal"
          hint="Opcional: calcula a receita extra de cada tratamento sobre a testemunha"
          {...field('preco_saca')}
        />
      </div>
      <InfoBox title="Sobre o ROI">
        <p>
          O ROI é o total de vendas que a empresa contratada gerou na região no último ano. Ele é usado para avaliar o impacto comercial dos
          experimentos.
        </p>
      </InfoBox>
    </div>
  );
}
