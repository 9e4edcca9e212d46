import { cn } from '../../lib/cn.js';

/** A bulleted list of short texts (warnings, notes); nothing at all when there are none. */
export function TextList({ items, className }: { items: readonly string[]; className?: string }) {
  if (!items.length) return null;
  return (
    <ul className={cn('list-disc pl-5', className)}>
      {items.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}
