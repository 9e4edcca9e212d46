/**
 * Input the analysis cannot accept (too few treatments, unbalanced replicates, no variance…).
 * Its message is plain pt-BR meant for the user: the API answers 422 with it as is.
 */
export class StatsInputError extends Error {
  override readonly name = 'StatsInputError';
}
