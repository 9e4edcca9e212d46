/** Soft fills for the treatments on the map and labels (dark text reads on each; they print light). */
const FILLS = ['#dcefdc', '#f2e6c9', '#d6e6f2', '#f3dada', '#e6dcf0', '#fde2c4', '#d3eee9', '#eef0c2', '#f0dce8', '#dfe3e8'];

export const corTratamento = (indice: number): string => FILLS[indice % FILLS.length] as string;
