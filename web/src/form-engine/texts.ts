/** The form engine's own words (the spec's strings are kept verbatim). */
export const FORM_TEXTS = {
  /** The reveal toggle of a credential (aria-pressed says whether it is shown; the field's title is not repeated). */
  revealSecret: 'Mostrar o valor',
  secretChangedAt: (when: string) => `Última alteração: ${when}`,
  secretNeverChanged: 'Nenhuma alteração registrada',
  confirmRemove: 'Tem certeza que deseja remover este item?',
  invalidUrl: 'URL inválida. Por favor, cole uma URL válida começando com http:// ou https://',
  invalidJson: 'JSON inválido',
  add: 'Adicionar',
  /** The key picker of a map (its title is not repeated: getByLabel(title) must find the map alone). */
  addKey: 'Adicionar',
  remove: 'Remover',
  moveUp: 'Mover para cima',
  moveDown: 'Mover para baixo',
  item: 'Item',
  noItems: 'Nenhum item.',
  none: 'Nenhum',
  choose: 'Selecione...',
  loading: 'Carregando...',
  loadFailed: 'Não foi possível carregar a lista.',
  notFound: 'não encontrado',
  currentValue: 'valor atual',
  variant: 'Tipo',
  linkPrompt: 'URL do link (começando com http:// ou https://)',
  saveFirst: 'Salve o documento para ver e adicionar itens.',
  saved: 'Salvo',
  pending: 'Alterações pendentes',
  saving: 'Salvando...',
  saveFailed: 'Erro ao salvar',
  /** Not 'Salvar': the document's own save button keeps that name to itself. */
  saveEmbedded: 'Gravar',
  documentMissing: 'Documento ainda não existe: será criado ao salvar.',
  noDocument: 'Nenhum documento para editar.',
  connect: 'Conectar',
  connected: 'Conectado',
  notConnected: 'Não conectado',
} as const;

/** A field edited here and changed by someone else meanwhile (the realtime merge). */
export const CONFLICT_TEXTS = {
  changedElsewhere: (value: string) => `Este campo foi alterado por outra pessoa: ${value}`,
  useRemote: 'Usar o valor remoto',
  keepMine: 'Manter o meu',
  empty: '(vazio)',
} as const;

/** The `editor-layout` field's summary (the editor's own texts are in layout-editor/texts.ts). */
export const LAYOUT_FIELD_TEXTS = {
  open: 'Abrir editor de layout',
  components: (n: number) => (n === 1 ? '1 componente' : `${n} componentes`),
};
