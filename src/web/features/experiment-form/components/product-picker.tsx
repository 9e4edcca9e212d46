/**
 * The product name: a text input that accepts typing and suggests the catalogue's products as it
 * is typed (a native <datalist>: keyboard and screen readers as the browser does them;
 * a name outside the catalogue is still taken), plus a searchable list of the catalogue grouped
 * by brand behind the magnifier. On the first open every brand group is expanded (once the lookup
 * has loaded), each with its count of products found.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Input } from '../../../components/ui/field.js';
import { useProdutosPorMarca } from '../../../lib/use-lookups.js';
import type { FormValues } from '../form-values.js';
import { LineIcon } from '../../../components/ui/line-icon.js';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The id of the one <datalist> of catalogue products that every product input names. */
export const PRODUCT_SUGGESTIONS = 'produtos-catalogo';

/** The catalogue's products, each once, with its brand as the suggestion's label; drawn once per step. */
export function ProductSuggestions() {
  const { map } = useProdutosPorMarca();
  const options = useMemo(() => {
    const seen = new Map<string, string>();
    for (const [marca, produtos] of Object.entries(map)) for (const p of produtos) if (!seen.has(p)) seen.set(p, marca);
    return [...seen].sort(([a], [b]) => a.localeCompare(b, 'pt-BR'));
  }, [map]);
  return (
    <datalist id={PRODUCT_SUGGESTIONS}>
      {options.map(([produto, marca]) => (
        <option key={produto} value={produto} label={marca} />
      ))}
    </datalist>
  );
}

export function ProductPicker({
  name,
  error,
}: {
  name: `tratamentos.${number}.produtos_aplicados.${number}.nome`;
  error?: string | undefined;
}) {
  const { register, setValue } = useFormContext<FormValues>();
  const { map, isPending } = useProdutosPorMarca();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const listId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => box.current && !box.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const groups = useMemo(() => {
    const q = fold(search.trim());
    return Object.entries(map)
      .map(([marca, produtos]) => ({
        marca,
        produtos: q ? produtos.filter((p) => fold(p).includes(q) || fold(marca).includes(q)) : produtos,
      }))
      .filter((g) => g.produtos.length > 0);
  }, [map, search]);

  const choose = (produto: string) => {
    setValue(name, produto, { shouldDirty: true, shouldValidate: true });
    setOpen(false);
    setSearch('');
  };

  const toggleGroup = (marca: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(marca)) next.delete(marca);
      else next.add(marca);
      return next;
    });

  return (
    <div className="relative" ref={box}>
      <Input
        label="Produto"
        autoComplete="off"
        list={PRODUCT_SUGGESTIONS}
        placeholder="Digite para ver sugestões"
        error={error}
        {...register(name)}
        trailing={
          <button
            type="button"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={listId}
            aria-label="Escolher produto do catálogo"
            className="flex h-8 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-soil-100 hover:text-slate-900"
          >
            <LineIcon viewBox="0 0 20 20" className="h-5 w-5" strokeWidth="1.8">
              <circle cx="9" cy="9" r="5.5" />
              <path d="m13.5 13.5 3 3" strokeLinecap="round" />
            </LineIcon>
          </button>
        }
      />
      {open ? (
        <div id={listId} className="absolute z-20 mt-1 w-full min-w-64 rounded-lg border border-soil-200 bg-white p-2 shadow-lg">
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Buscar produto ou marca..."
            aria-label="Buscar produto"
            className="mb-2 h-9 w-full rounded-md border border-slate-300 px-2 text-sm focus:outline-none focus:ring-2 focus:ring-brand-500"
            autoFocus
          />
          <div className="max-h-64 overflow-y-auto">
            {isPending ? <p className="px-2 py-3 text-sm text-slate-600">Carregando...</p> : null}
            {!isPending && groups.length === 0 ? <p className="px-2 py-3 text-sm text-slate-600">Nenhum produto encontrado</p> : null}
            {groups.map((g) => {
              const isOpen = !collapsed.has(g.marca);
              return (
                <div key={g.marca} className="mb-1">
                  <button
                    type="button"
                    onClick={() => toggleGroup(g.marca)}
                    aria-expanded={isOpen}
                    className="flex w-full items-center justify-between rounded px-2 py-1.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 hover:bg-soil-100"
                  >
                    <span>{g.marca}</span>
                    <span className="rounded-full bg-soil-100 px-2 py-0.5 text-[11px] font-medium normal-case text-slate-700">
                      {g.produtos.length} {g.produtos.length === 1 ? 'produto' : 'produtos'}
                    </span>
                  </button>
                  {isOpen ? (
                    <ul>
                      {g.produtos.map((p) => (
                        <li key={p}>
                          <button
                            type="button"
                            onClick={() => choose(p)}
                            className="w-full rounded px-3 py-1.5 text-left text-sm text-slate-800 hover:bg-brand-50 focus-visible:bg-brand-50"
                          >
                            {p}
                          </button>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              );
            })}
          </div>
        </div>
      ) : null}
    </div>
  );
}
