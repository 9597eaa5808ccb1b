import { Box, Heading } from '@chakra-ui/react';
import { isGuardedPriceField } from '@console/shared';
import { toaster } from '../app/toaster';
import { HeldPriceList } from './HeldPriceList';
import { PRICE_REVIEW_TEXTS as T } from './texts';
import { changePrice } from './use-price-review';

/** The reason the changelog keeps for a price typed in the product's form (the endpoint asks one). */
export const FORM_PRICE_ABOUT = 'Alterado no formulário do produto';

/**
 * A selling price typed in the product's form (issue 29 point 3): not written by the form
 * (firestore.rules refuse it) but sent to the guardrails' endpoint, which writes it, or holds it
 * with the numbers until an operator confirms it with a reason. Answers whether it was held; the
 * toast says why, and the held change is listed above the form ('Preços retidos').
 */
export async function changePriceFromForm(projectId: string, code: string, field: string, value: unknown): Promise<{ held: boolean }> {
  if (!isGuardedPriceField(field)) throw new Error(`not a guarded price: ${field}`);
  const price = typeof value === 'number' && Number.isFinite(value) ? value : null;
  const answer = await changePrice(projectId, { code, field, value: price, about: FORM_PRICE_ABOUT, source: 'manual', target: 'product' });
  if (answer.status === 'applied') return { held: false };
  toaster.create({ type: 'warning', title: T.held, description: `${answer.message}. ${T.heldWhere}` });
  return { held: true };
}

/** A product's held price changes above its form, where no product panel shows them (stores without the sync). */
export function HeldPricesPanel({ projectId, productCode }: { projectId: string; productCode: string }) {
  return (
    <Box as="section" aria-label={T.heldTitle} mb="4">
      <Heading as="h2" size="sm" mb="2">
        {T.heldTitle}
      </Heading>
      <HeldPriceList projectId={projectId} productCode={productCode} />
    </Box>
  );
}
