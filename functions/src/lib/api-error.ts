/**
 * An error that becomes the JSON answer `{ error }` with its HTTP status (plus `extra`'s fields, e.g.
 * when a deferred task resumes). Messages are Portuguese.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const unauthenticated = () => new ApiError(401, 'Autenticação necessária.');
export const forbidden = (project: string) => new ApiError(403, `Sem acesso ao projeto ${project}.`);
/** 404 naming what is missing; the adjective agrees with the noun ('Campanha não encontrada.'). */
export const notFound = (what = 'Recurso', gender: 'masculine' | 'feminine' = 'masculine') =>
  new ApiError(404, `${what} não ${gender === 'feminine' ? 'encontrada' : 'encontrado'}.`);
