/** Portuguese messages for Firebase Auth error codes. */
export const INVALID_CREDENTIALS = 'E-mail ou senha inválidos.';
export const MISSING_CREDENTIALS = 'Preencha o e-mail e a senha.';

const AUTH_ERROR_MESSAGES: Record<string, string> = {
  'auth/invalid-credential': INVALID_CREDENTIALS,
  'auth/invalid-login-credentials': INVALID_CREDENTIALS,
  'auth/wrong-password': INVALID_CREDENTIALS,
  'auth/user-not-found': INVALID_CREDENTIALS,
  'auth/invalid-email': INVALID_CREDENTIALS,
  'auth/missing-password': INVALID_CREDENTIALS,
  'auth/user-disabled': 'Este usuário está desativado.',
  'auth/too-many-requests': 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  'auth/network-request-failed': 'Sem conexão com o servidor. Verifique sua internet e tente novamente.',
  'auth/popup-closed-by-user': 'A janela de login do Google foi fechada antes de concluir.',
  'auth/cancelled-popup-request': 'A janela de login do Google foi fechada antes de concluir.',
  'auth/popup-blocked': 'O navegador bloqueou a janela de login do Google. Permita pop-ups e tente novamente.',
  'auth/unauthorized-domain': 'Este endereço não está autorizado para login com Google.',
  'auth/operation-not-allowed': 'Este método de login não está habilitado.',
};

export function authErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return AUTH_ERROR_MESSAGES[code] ?? 'Não foi possível entrar. Tente novamente.';
}
