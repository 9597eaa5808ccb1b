import { firestoreProductOpenaiEndpoint, PRODUCT_TEXT_KINDS, type ProductTextKind } from '@console/shared';
import { generateProductText } from '../ai/product-texts.js';
import { ApiError } from '../lib/api-error.js';
import type { Handler } from '../lib/endpoint.js';
import { serveWorker } from './worker-endpoint.js';

/**
 * GET /api/firestore/product-openai/{title|description|sales|badges|facets|reviews}/{code}?project
 * — one AI-written text of one product (functions/src/ai/product-texts.ts), as a worker URL the
 * bulk screen calls and the sync queue accepts.
 */
export const handleFirestoreProductOpenai: Handler<typeof firestoreProductOpenaiEndpoint> = async ({ params, project, caller }) => {
  const kind = params.kind as ProductTextKind;
  if (!(PRODUCT_TEXT_KINDS as readonly string[]).includes(kind)) {
    throw new ApiError(400, `Texto desconhecido: ${params.kind} (use ${PRODUCT_TEXT_KINDS.join(', ')}).`);
  }
  return generateProductText({ project, code: params.code, kind, caller: { uid: caller.uid, email: caller.email } });
};

export const firestoreProductOpenai = serveWorker(firestoreProductOpenaiEndpoint, handleFirestoreProductOpenai);
