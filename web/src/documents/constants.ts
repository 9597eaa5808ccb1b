/** Texts of the document screen (spec document 2 §2, §5, §8 and the console brief). */
export const DOCUMENT_TEXTS = {
  /** The JSON editor changed what only the server writes (the product's prices and readiness). */
  serverOwnedField: (title: string) =>
    `${title} não muda pelo JSON Editor: o preço muda pelo campo do formulário, que confere os limites de preço da loja, e a prontidão é calculada pelo servidor.`,
  delete: 'Delete',
  copy: 'Copy',
  save: 'Salvar',
  confirmDelete: 'Deseja realmente apagar o registro?',
  deleted: 'Registro apagado',
  recreate: 'Criar registro',
  newIdPrompt: 'Novo ID',
  idTaken: 'Já existe um documento com esse ID',
  invalidId: 'ID inválido (contém espaços, / ou $)',
  reservedId: 'Esse ID é reservado. Escolha outro.',
  newRecord: 'Novo registro',
  notFound: 'Registro não encontrado',
  loading: 'Carregando registro',
  loadFailed: 'Falha ao carregar o registro.',
  readDenied: 'Sem permissão para acessar este registro.',
  settingsMissing: 'Este documento ainda não existe. Preencha os campos e clique em Salvar para criá-lo.',
  unsavedLeave: 'Há alterações não salvas. Deseja sair sem salvar?',
  copied: 'Registro copiado',
  copyFailed: 'Não foi possível copiar o registro.',
  deleteFailed: 'Não foi possível apagar o registro.',
  recreateFailed: 'Não foi possível recriar o registro.',
  aiEditor: 'AI Editor',
  jsonEditor: 'JSON Editor',
  jsonEditorLoading: 'Abrindo o JSON Editor',
} as const;

/** The status line of an existing document. */
export const SAVE_STATUS = {
  saved: 'Salvo',
  pending: 'Alterações pendentes',
  saving: 'Salvando...',
  failed: 'Erro ao salvar',
} as const;
export type SaveStatus = keyof typeof SAVE_STATUS;

export const requiredFieldMessage = (title: string) => `Preencha o campo ${title}`;
export const idExistsMessage = (title: string) => `Já existe um documento com esse ${title}`;

/** Spec document 1 §9: autosave delay, post-save lock and load settle. */
export const AUTOSAVE_DELAY_MS = 2000;
export const SAVE_LOCK_MS = 2000;
export const LOAD_SETTLE_MS = 100;
/** A failed save is retried after 2 s, 4 s, 8 s… up to this. */
export const SAVE_RETRY_MAX_MS = 60_000;
