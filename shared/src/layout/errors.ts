/** Why an operation on a layout was refused; `message` is what the operator reads (document 1 §5). */
export type LayoutErrorCode = 'invalid-data' | 'not-a-container' | 'not-found' | 'cycle' | 'root';

export const LAYOUT_ERROR_MESSAGES: Readonly<Record<LayoutErrorCode, string>> = {
  'invalid-data': 'Dados inválidos',
  'not-a-container': 'Objeto não é um canvas',
  'not-found': 'Objeto não encontrado',
  cycle: 'Um objeto não pode ficar dentro dele mesmo',
  root: 'O container raiz não pode ser movido nem removido',
};

export interface LayoutError {
  code: LayoutErrorCode;
  message: string;
}

export type LayoutResult<T> = { ok: true; value: T } | { ok: false; error: LayoutError };

export const ok = <T>(value: T): LayoutResult<T> => ({ ok: true, value });
export const fail = <T = never>(code: LayoutErrorCode): LayoutResult<T> => ({ ok: false, error: { code, message: LAYOUT_ERROR_MESSAGES[code] } });
