/**
 * pt-BR message catalogue (docs/product-rules.md#messages). Quoted product texts are kept verbatim: acceptance
 * checks look for them character for character.
 */
export const MSG = {
  required: 'Este campo é obrigatório',
  invalidEmail: 'Email inválido',
  invalidRole: 'Perfil inválido',
  networkError: 'Erro de conexão. Verifique sua internet.',
  serverError: 'Erro do servidor. Tente novamente mais tarde.',
  unauthorized: 'Credenciais inválidas',
  forbidden: 'Acesso negado',
  notFound: 'Recurso não encontrado',
  validationError: 'Dados inválidos',
  emailAlreadyExists: 'Este email já está cadastrado',
  invalidCredentials: 'Email ou senha incorretos',
  tooManyRequests: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  unsupportedMediaType: 'Formato de arquivo não suportado',
  payloadTooLarge: 'Arquivo ou requisição grande demais',
  uriTooLong: 'Endereço (URL) longo demais',
  headersTooLarge: 'Cabeçalhos ou parâmetros da requisição grandes demais',
  requestTimeout: 'A requisição demorou demais para chegar. Tente novamente.',
  malformedRequest: 'Requisição malformada',
  databaseUnavailable: 'Erro do servidor. Tente novamente mais tarde.',
  documentStoreUnavailable: 'O armazenamento de documentos não respondeu. Nada foi perdido: tente novamente em instantes.',
  diskFull: 'Sem espaço em disco no servidor: tente novamente mais tarde ou avise o administrador.',
} as const;

export const PAGE_TEXT = {
  productName: 'Gestão Agrícola',
  notFoundTitle: 'Página não encontrada',
  notFoundText: 'A página que você está procurando não existe.',
  unauthorizedTitle: 'Acesso Negado',
  unauthorizedText: 'Você não tem permissão para acessar esta página.',
  back: 'Voltar',
} as const;
