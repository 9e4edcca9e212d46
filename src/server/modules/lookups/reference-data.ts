/** Reading the reference lists: the lookup routes serve them, the extractor matches report text against them. */
import type { AppContext } from '../../context.js';
import { culturas, estados, marcas, produtos, regionais } from '../../db/schema.js';

/** Lists are shown in pt-BR alphabetical order (accents and case as a reader expects). */
const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
export const byNome = <T extends { nome: string }>(a: T, b: T) => collator.compare(a.nome, b.nome);

export async function readProdutosPorMarca(ctx: AppContext): Promise<Record<string, string[]>> {
  const [brandRows, productRows] = await Promise.all([
    ctx.db.select({ nome: marcas.nome }).from(marcas),
    ctx.db.select({ marca: produtos.marca, nome: produtos.nome }).from(produtos),
  ]);
  const map: Record<string, string[]> = Object.fromEntries(brandRows.sort(byNome).map((b) => [b.nome, [] as string[]]));
  for (const p of productRows.sort(byNome)) (map[p.marca] ??= []).push(p.nome);
  return map;
}

/** All reference lists at once (the extractor matches report text against them). */
export async function readReferenceData(ctx: AppContext) {
  const [m, r, e, c, produtosPorMarca] = await Promise.all([
    ctx.db.select({ nome: marcas.nome }).from(marcas),
    ctx.db.select({ nome: regionais.nome, sigla: regionais.sigla }).from(regionais),
    ctx.db.select({ nome: estados.nome, sigla: estados.sigla }).from(estados),
    ctx.db.select({ nome: culturas.nome }).from(culturas),
    readProdutosPorMarca(ctx),
  ]);
  return { marcas: m.map((x) => x.nome), produtosPorMarca, regionais: r, estados: e, culturas: c.map((x) => x.nome) };
}
