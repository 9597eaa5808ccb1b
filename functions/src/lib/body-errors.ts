import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A request body that does not parse (malformed JSON, or `null` / a bare string, which the JSON
 * parser's strict mode refuses) never reaches our router: the Functions runtime — the
 * functions-framework in production, firebase-tools' runtime on the emulator — parses bodies with
 * body-parser in its own Express app before calling the function, and hands the error to Express's
 * default final handler, which answers an HTML page with the stack trace (an open issue upstream:
 * GoogleCloudPlatform/functions-framework-nodejs#686). Neither runtime lets a function add an
 * error handler to that app.
 *
 * So, once, when the function module loads (after the runtime has loaded Express, before it
 * serves anything), every Express application module already loaded in the process gets a final
 * handler that answers body-parser's errors as our router answers every error — JSON `{error}` in
 * Portuguese with the parser's 4xx status — and leaves everything else to Express's own. No public
 * way exists (Express's error middleware would have to be added to the runtime's app), so
 * body-errors.test.ts pins the internal on the runtime's Express: it fails when Express moves it.
 */

export const BODY_ERROR_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'Requisição inválida: o corpo deve ser um objeto JSON válido.',
  'entity.too.large': 'Requisição grande demais.',
  'encoding.unsupported': 'Requisição inválida: codificação do corpo não suportada.',
  'charset.unsupported': 'Requisição inválida: conjunto de caracteres não suportado.',
};
const OTHER_BODY_ERROR = 'Requisição inválida: corpo ilegível.';

interface BodyParserError {
  type: string;
  status: number;
}

/** body-parser's errors carry a `type` and a 4xx `status` (http-errors). */
export function isBodyParserError(error: unknown): error is BodyParserError {
  const candidate = error as Partial<BodyParserError> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.type === 'string' &&
    typeof candidate.status === 'number' &&
    candidate.status >= 400 &&
    candidate.status < 500
  );
}

export function bodyErrorAnswer(error: BodyParserError): { status: number; body: { error: string } } {
  return { status: error.status, body: { error: BODY_ERROR_MESSAGES[error.type] ?? OTHER_BODY_ERROR } };
}

type Handle = (this: ExpressApp, req: IncomingMessage, res: ServerResponse, callback?: (error?: unknown) => void) => void;
interface ExpressApp {
  handle: Handle;
  get(setting: string): unknown;
}
type FinalHandler = (req: IncomingMessage, res: ServerResponse, options: { env: unknown }) => (error?: unknown) => void;

const PATCHED = Symbol.for('console.bodyErrorsAsJson');

/** Installs the JSON answer on every Express loaded so far (idempotent). Answers how many. */
export function answerBodyErrorsAsJson(): number {
  const require = createRequire(import.meta.url);
  let patched = 0;
  for (const file of Object.keys(require.cache)) {
    if (!/[\\/]express[\\/]lib[\\/]application\.js$/.test(file)) continue;
    const proto = require.cache[file]?.exports as (ExpressApp & { [PATCHED]?: true }) | undefined;
    if (!proto || typeof proto.handle !== 'function' || proto[PATCHED]) continue;
    // Express's own final handler, resolved from that Express's folder.
    const finalhandler = createRequire(file)('finalhandler') as FinalHandler;
    const original = proto.handle;
    proto.handle = function handle(req, res, callback) {
      if (callback) return original.call(this, req, res, callback);
      return original.call(this, req, res, (error?: unknown) => {
        if (isBodyParserError(error) && !res.headersSent) {
          req.resume(); // a body refused before its end (too large) is drained, as Express does
          const answer = bodyErrorAnswer(error);
          res.statusCode = answer.status;
          res.setHeader('content-type', 'application/json; charset=utf-8');
          res.end(JSON.stringify(answer.body));
          return;
        }
        finalhandler(req, res, { env: this.get('env') })(error);
      });
    };
    proto[PATCHED] = true;
    patched += 1;
  }
  return patched;
}
