/**
 * A trial's situation (field-plan.ts SITUACOES) as a badge: "Planejado" and "Em andamento" stand
 * out; a concluded trial (most of them, and every one that came with its report) shows nothing,
 * or a quiet "Concluído" where the trial is shown alone (the details, the report).
 */
import { isConcluido } from '../../shared/experiment.js';
import { situacaoLabel } from '../../shared/field-plan.js';
import { Badge, type BadgeTone } from './ui/badge.js';

const TONE: Record<string, BadgeTone> = { planejado: 'purple', em_andamento: 'yellow' };

export function SituacaoBadge({
  situacao,
  showConcluido = false,
  className,
}: {
  situacao: string | null | undefined;
  /** Show "Concluído" too (gray); without it a concluded trial shows nothing. */
  showConcluido?: boolean;
  className?: string;
}) {
  if (isConcluido(situacao)) {
    return showConcluido ? (
      <Badge tone="gray" className={className}>
        {situacaoLabel('concluido')}
      </Badge>
    ) : null;
  }
  const s = situacao as string;
  return (
    <Badge tone={TONE[s] ?? 'gray'} className={className}>
      {situacaoLabel(s)}
    </Badge>
  );
}
