/** An error that becomes the JSON answer `{ error }` with its HTTP status. Messages are Portuguese. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const unauthenticated = () => new ApiError(401, 'Autenticação necessária.');
export const forbidden = (project: string) => new ApiError(403, `Sem acesso ao projeto ${project}.`);
export const notFound = (what = 'Recurso') => new ApiError(404, `${what} não encontrado.`);
