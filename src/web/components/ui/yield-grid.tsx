/**
 * Plot yields as a grid (plot-grid.tsx): treatments as rows, blocks as columns. Values are kept in
 * kg/ha; the user may type in kg/ha, sc/ha (60 kg) or t/ha.
 *
 * Wiring (step-tratamentos.tsx), one grid for all treatments instead of one <Replicates> per card:
 *   const tratamentos = useWatch<FormValues, 'tratamentos'>({ name: 'tratamentos' });
 *   <YieldGrid
 *     rows={tratamentos.map((t, i) => ({ label: `T${i + 1}${t.nome ? ` - ${t.nome}` : ''}` }))}
 *     blocks={blocks}
 *     values={tratamentos.map((t) => (t.repeticoes ?? []).map(toCell))}
 *     errors={tratamentos.map((_, i) => Array.from({ length: blocks }, (_, j) => msg(errors?.[i]?.repeticoes?.[j])))}
 *     onChange={(next, changed) => {
 *       for (const { row, col } of changed)
 *         setValue(`tratamentos.${row}.repeticoes.${col}`, next[row]?.[col] ?? '', { shouldValidate: true, shouldDirty: true });
 *     }}
 *   />
 * Each cell's input is named `tratamentos.${i}.repeticoes.${j}`, as the browser tests expect.
 */
import { useState } from 'react';
import { formatDecimal } from '../../../shared/decimal.js';
import { type YieldUnit, YIELD_UNITS, formatMean, fromKgHa, unitInfo, yieldReader } from '../../../shared/plot-grid.js';
import { Select } from './field.js';
import { PlotGrid, type PlotGridProps } from './plot-grid.js';

/** The plot grid's table (values in kg/ha), named after the treatments' plot yields. */
export type YieldGridProps = Pick<PlotGridProps, 'rows' | 'blocks' | 'values' | 'onChange' | 'errors'> & {
  /** Cells are named `${namePrefix}.${row}.repeticoes.${col}`. */
  namePrefix?: string;
  /** Unit shown first; the values stay in kg/ha whatever the unit. */
  initialUnit?: YieldUnit;
};

export function YieldGrid({ namePrefix = 'tratamentos', initialUnit = 'kg/ha', ...grid }: YieldGridProps) {
  const [unit, setUnit] = useState<YieldUnit>(initialUnit);
  const info = unitInfo(unit);
  return (
    <PlotGrid
      {...grid}
      cellName={(i, j) => `${namePrefix}.${i}.repeticoes.${j}`}
      cellLabel={(row, j) => `${row}, bloco ${j + 1} (${info.label})`}
      read={yieldReader(unit)}
      format={(kg) => formatDecimal(fromKgHa(kg, unit), { decimals: info.decimals })}
      caption={`Produtividade por bloco em ${info.label}: tratamentos nas linhas, blocos nas colunas`}
      // "sc/ha" in the header; the select says "(60 kg)".
      meanHeader={`Média (${unit})`}
      formatMean={(mean) => formatMean(mean, unit)}
      view={unit}
      note={unit !== 'kg/ha' ? 'Os valores são salvos em kg/ha.' : undefined}
      toolbar={
        <Select
          label="Unidade"
          name="unidadeProdutividade"
          value={unit}
          onChange={(e) => setUnit(e.target.value as YieldUnit)}
          containerClassName="w-44"
        >
          {YIELD_UNITS.map((u) => (
            <option key={u.id} value={u.id}>
              {u.label}
            </option>
          ))}
        </Select>
      }
    />
  );
}
