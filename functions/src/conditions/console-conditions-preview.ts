import { consoleConditionsPreviewEndpoint, type ConditionPreviewResponse } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { ApiError } from '../lib/api-error.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { ConditionPreviewError, previewCustomers, previewProducts } from './preview.js';

/**
 * POST /api/console/conditions/preview?project {context, map, sampleSize} — how many of the
 * project's products (or customers) a condition matches, with a sample. Shared by the condition
 * builder's preview and the customer-segment screen. 400 with the type checker's first message
 * when the tree is not well typed.
 */
export const handleConsoleConditionsPreview: Handler<typeof consoleConditionsPreviewEndpoint> = async ({
  body,
  project,
}): Promise<ConditionPreviewResponse> => {
  try {
    return body.context === 'customer'
      ? await previewCustomers(firestore, project, body.map, body.sampleSize)
      : await previewProducts(firestore, project, body.map, body.sampleSize);
  } catch (error) {
    if (error instanceof ConditionPreviewError) throw new ApiError(400, error.message);
    throw error;
  }
};

export const consoleConditionsPreview = serve(consoleConditionsPreviewEndpoint, handleConsoleConditionsPreview);
