/**
 * A trial's life before its report (docs/api.md#field-plan, decision 023): its situation, the
 * randomised layout (croqui) drawn from a stored seed, the spray-mix sheet of an application and
 * the plot-by-plot collection. The shapes here are what the API answers; croqui.ts draws the
 * layout and calda.ts computes the mix, both pure.
 */

/** planejado → em_andamento → concluido; a trial without one is concluded (it came with its report). */
export const SITUACOES = ['planejado', 'em_andamento', 'concluido'] as const;
export type Situacao = (typeof SITUACOES)[number];
export const SITUACAO_PADRAO: Situacao = 'concluido';
export const SITUACAO_LABEL: Record<Situacao, string> = {
  planejado: 'Planejado',
  em_andamento: 'Em andamento',
  concluido: 'Concluído',
};

/** A situation as read ("Em andamento"); a stored text that is none of them as it is. */
export const situacaoLabel = (situacao: string): string => SITUACAO_LABEL[situacao as Situacao] ?? situacao;

/** Plot numbers follow the walking order: back and forth along the blocks, or always from the same end. */
export const NUMERACOES = ['serpentina', 'sequencial'] as const;
export type Numeracao = (typeof NUMERACOES)[number];
export const NUMERACAO_LABEL: Record<Numeracao, string> = { serpentina: 'Serpentina', sequencial: 'Sequencial' };

/** The Latin square: rows and columns are two blocking factors; as many rows (blocks) as treatments. */
export const QUADRADO_LATINO = 'Quadrado Latino';

/** One plot of the layout. */
export interface ParcelaCroqui {
  /** 101, 102… in block 1; 201… in block 2: the hundreds are the block, the rest the walking order. */
  numero: number;
  /** Block (DBC, split plot), field row (DIC) or row of the Latin square; 1-based. */
  bloco: number;
  /** Row and column of the plot in the field, 1-based (row 1, column 1 is where plot 101 starts). */
  linha: number;
  coluna: number;
  /** Index of the treatment in the experiment's `tratamentos`. */
  tratamento: number;
  /**
   * Which replicate of its treatment this plot is (1-based): the position of its value in the
   * treatment's `repeticoes` and in each assessment's values. The block in DBC and split plots, the
   * row in the Latin square, the order of appearance in DIC.
   */
  repeticao: number;
  /** Split plot only: the main plot (1-based within its block) the plot belongs to. */
  parcela_principal?: number;
}

export interface Croqui {
  semente: number;
  numeracao: Numeracao;
  /** The design it was drawn for (the experiment's `tipo_estatistica` at the time). */
  delineamento: string;
  blocos: number;
  parcelas: ParcelaCroqui[];
}

/** What each plot measures in the field (metres); its area is comprimento × largura. */
export interface DimensoesParcela {
  comprimento_m: number;
  largura_m: number;
}

/** One product of one treatment to weigh or measure for an application. */
export interface ItemCalda {
  /** Index of the treatment in `tratamentos`. */
  tratamento: number;
  produto: string;
  dose: number | null;
  unidade: string;
  /** For all the treatment's plots; null when the dose's unit is not per hectare (seed treatment, kg/t) or the dose is missing. */
  quantidade: number | null;
  /** "L", "mL", "kg" or "g"; null with `quantidade`. */
  unidade_quantidade: string | null;
  /** Why there is no amount, in pt-BR; null when there is one. */
  motivo: string | null;
}

/** One treatment sprayed in an application: its plots and its share of the spray volume. */
export interface TratamentoCalda {
  tratamento: number;
  parcelas: number[];
  area_m2: number;
  /** Litres of spray for all its plots; null without the application's volume (L/ha). */
  volume_calda_l: number | null;
}

export interface Calda {
  aplicacao: string;
  area_parcela_m2: number;
  itens: ItemCalda[];
  tratamentos: TratamentoCalda[];
  /** Litres of spray for every plot sprayed; null without the application's volume (L/ha). */
  volume_calda_l: number | null;
}

/** One plot value sent from the field: `anterior` is the value the device showed before it was typed. */
export interface ValorColeta {
  numero: number;
  valor: number | null;
  anterior: number | null;
}

export interface ColetaRequest {
  avaliacao: string;
  valores: ValorColeta[];
}

/** A value the server did not write, because someone else had typed another one since. */
export interface ConflitoColeta {
  numero: number;
  valor_servidor: number | null;
  valor_enviado: number | null;
}

export interface ColetaResponse {
  gravados: number;
  conflitos: ConflitoColeta[];
  version: number;
}
