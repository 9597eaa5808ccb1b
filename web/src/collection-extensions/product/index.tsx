import { GUARDED_PRICE_FIELDS, projectHasTool } from '@console/shared';
import { changePriceFromForm, HeldPricesPanel } from '../../price-review/form-price';
import { ProductPanel } from '../../product/ProductPanel';
import { productListDetail } from '../../product/list-entry';
import { SingleProductSync } from '../../sync/ui';
import { ReadinessFilter, ReadinessRowBadge, StoreChannelsProvider, readinessConstraints } from '../../readiness/ui';
import { registerCollectionExtension } from '../registry';
import type { HeaderPartProps, PanelProps } from '../types';

/** The product screen's extras exist only in projects with the product sync tool. */
const withProductSync = (projectId: string) => projectHasTool(projectId, 'product-sync');

function ProductSyncButtons({ projectId, docId, data }: HeaderPartProps) {
  return <SingleProductSync projectId={projectId} code={docId} data={data} />;
}

function ProductViewPanel({ projectId, docId }: PanelProps) {
  return <ProductPanel projectId={projectId} productCode={docId} />;
}

function ProductHeldPrices({ projectId, docId }: PanelProps) {
  return <HeldPricesPanel projectId={projectId} productCode={docId} />;
}

// A product: the single-product sync buttons in the header, the product panel above the form, and
// the brand the CSV import writes into every record (spec §5).
registerCollectionExtension('product', {
  headerParts: [{ id: 'product-sync', Component: ProductSyncButtons, available: withProductSync }],
  panels: [
    { id: 'product-panel', Component: ProductViewPanel, available: withProductSync, ownSpacing: true },
    // Where there is no product panel, the held prices are shown above the form on their own.
    { id: 'held-prices', Component: ProductHeldPrices, available: (projectId) => !withProductSync(projectId), ownSpacing: true },
  ],
  // The selling prices typed in the form go through the store's guardrails (issue 29 point 3):
  // written by the endpoint, or held with the numbers; firestore.rules refuse them from a client.
  guardedFields: { fields: GUARDED_PRICE_FIELDS, write: ({ projectId, docId }, field, value) => changePriceFromForm(projectId, docId, field, value) },
  import: { brand: true },
  // Both stores' products (cdlbox's too): price, event date and status under the name.
  listEntry: { detail: productListDetail },
  // The list's readiness column and its filter ('Não prontos para Magalu'), read from what the functions store.
  listViews: [
    {
      id: 'readiness',
      Provider: StoreChannelsProvider,
      Filter: ReadinessFilter,
      constraints: readinessConstraints,
      RowBadge: ReadinessRowBadge,
      available: withProductSync,
    },
  ],
});
