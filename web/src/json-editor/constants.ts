/** Texts of the full-screen JSON editor (spec document 1 §2 screen 5, §8 'JSON editor'). */
export const JSON_EDITOR_TEXTS = {
  title: 'JSON Editor',
  save: 'Salvar',
  cancel: 'Cancelar',
  loading: 'Carregando documento',
  editorLabel: 'Documento em JSON',
  /** How the keyboard leaves the code editor, where Tab indents (CodeMirror's Escape-then-Tab). */
  keyboardHint: 'No editor, Tab indenta. Para sair dele pelo teclado: Esc e depois Tab (ou Shift+Tab). Fora do editor, Esc fecha esta janela.',
  notFound: 'Documento não encontrado',
  loadFailed: (detail: string) => `Erro ao carregar documento: ${detail}`,
  toJsonFailed: (detail: string) => `Erro ao converter os dados para JSON: ${detail}`,
  invalidJson: (detail: string) => `JSON inválido: ${detail}`,
  saveFailed: (detail: string) => `Erro ao salvar as alterações no Firestore: ${detail}`,
  schemaRefused: 'O documento não corresponde aos campos da coleção e não foi salvo:',
  saved: 'Documento salvo',
} as const;
