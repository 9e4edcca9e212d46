/** Reference-data shapes (docs/product-rules.md#reference-data) and the admin bodies that manage them. */
import { z } from './zod.js';

export interface Regiao {
  nome: string;
  sigla: string;
}
export interface Estado {
  nome: string;
  sigla: string;
}

export const LOOKUP_MSG = {
  nomeRequired: 'Nome é obrigatório',
  siglaRequired: 'Sigla é obrigatória',
  marcaRequired: 'Marca é obrigatória',
  marcaUnknown: 'Marca não encontrada',
  duplicate: 'Já existe um registro com este nome',
  marcaInUse: 'Esta marca está em uso por experimentos e não pode ser excluída',
  culturaInUse: 'Esta cultura está em uso por experimentos e não pode ser excluída',
  regionalInUse: 'Esta regional está em uso por experimentos e não pode ser excluída',
  produtoUpdateEmpty: 'Informe o novo nome ou a nova marca do produto',
} as const;

const nome = z.string({ error: LOOKUP_MSG.nomeRequired }).trim().min(1, LOOKUP_MSG.nomeRequired).max(100, 'Nome muito longo');

export const marcaBodySchema = z.object({ nome });
export const culturaBodySchema = z.object({ nome });
export const regiaoBodySchema = z.object({
  nome,
  sigla: z.string({ error: LOOKUP_MSG.siglaRequired }).trim().min(1, LOOKUP_MSG.siglaRequired).max(20, 'Sigla muito longa'),
});
export const produtoBodySchema = z.object({
  marca: z.string({ error: LOOKUP_MSG.marcaRequired }).trim().min(1, LOOKUP_MSG.marcaRequired),
  nome,
});
/** A product's new name, brand or both: one at least (an empty change is a mistake, not a no-op). */
export const produtoUpdateSchema = produtoBodySchema
  .partial()
  .refine((b) => b.marca !== undefined || b.nome !== undefined, { path: ['nome'], message: LOOKUP_MSG.produtoUpdateEmpty });
