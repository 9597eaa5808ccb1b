import type { CheckboxField } from '../../fields/types.js';

/**
 * Product option flags a brand can impose on its products (brand-product requiredOptions) and
 * that each product carries in `Options`.
 */
export const PRODUCT_OPTION_FLAGS = {
  canSell: 'Pode vender',
  canCrossDocking: 'Permite cross-docking',
  isFreeShipping: 'Frete grátis',
  isFreePriceFinancingFee: 'Parcelamento sem juros',
  isBrandPriceRestrict: 'Restrição de preço da marca',
  isImportedProduct: 'Produto importado',
  isBoutiqueProduct: 'Produto boutique',
  isBrandMarketplaceRestrict: 'Restrição de marketplace da marca',
  isBrandEcommerceRestrict: 'Restrição de e-commerce da marca',
  isManualPricing: 'Preço manual',
  isSalePricing: 'Preço promocional',
  disableAds: 'Desativar anúncios',
} as const;

export const productOptionFlagFields = (): CheckboxField[] => Object.entries(PRODUCT_OPTION_FLAGS).map(([name, title]) => ({ name, title, type: 'checkbox' }));
