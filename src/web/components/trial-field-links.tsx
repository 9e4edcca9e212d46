/**
 * The field pages of a trial, where the trial is shown (the details modal, the printed report):
 * "Croqui e etiquetas" (/experimentos/:id/croqui, always) and "Coleta em campo"
 * (/experimentos/:id/coleta, only when the trial has assessments to rate plot by plot).
 */
import { Link } from 'react-router';
import { cn } from '../lib/cn.js';
import { buttonClasses } from './ui/button.js';

export function TrialFieldLinks({
  experiment: e,
  className,
}: {
  experiment: { id: number; avaliacoes: readonly unknown[] };
  className?: string;
}) {
  return (
    <nav aria-label="Trabalho de campo" className={cn('flex flex-wrap gap-2', className)}>
      <Link to={`/experimentos/${e.id}/croqui`} className={buttonClasses('secondary', 'sm')}>
        Croqui e etiquetas
      </Link>
      {e.avaliacoes.length > 0 ? (
        <Link to={`/experimentos/${e.id}/coleta`} className={buttonClasses('secondary', 'sm')}>
          Coleta em campo
        </Link>
      ) : null}
    </nav>
  );
}
