import { options } from '../../fields/builders.js';
import { defineCollection } from '../define.js';

export const PRICING_RULE_STORES = ['site', 'magalu', 'amazon', 'shopee', 'madeiramadeira'] as const;
export const PRICING_RULE_STORE_LABELS: Record<(typeof PRICING_RULE_STORES)[number], string> = {
  site: 'Site',
  magalu: 'Magalu',
  amazon: 'Amazon',
  shopee: 'Shopee',
  madeiramadeira: 'MadeiraMadeira',
};

export const pricingRule = defineCollection({
  id: 'pricing-rule',
  title: 'Regras de preço',
  labelField: 'name',
  // Margin policy is decided once for all stores: the super-project copies it.
  replicable: true,
  fields: [
    { name: 'name', title: 'Nome', type: 'text' },
    { name: 'store', title: 'Loja', type: 'select', options: options(PRICING_RULE_STORES, PRICING_RULE_STORE_LABELS) },
    { name: 'parent', title: 'Pai', type: 'select_nested', collection: 'pricing-rule' },
    { name: 'order', title: 'Ordem', type: 'number' },
    { name: 'isActive', title: 'Ativo', type: 'checkbox' },
    { name: 'rules', title: 'Condições', type: 'condition', attributes: 'product' },
    {
      name: 'options',
      title: 'Opções',
      type: 'struct',
      fields: [
        { name: 'disablePriceNetErp', title: 'Ignorar o preço de custo do ERP', type: 'checkbox' },
        { name: 'minMarkup', title: 'Markup mínimo', type: 'number' },
        { name: 'minInstallmentsMarkup', title: 'Markup mínimo parcelado', type: 'number' },
        { name: 'minImportedMarkup', title: 'Markup mínimo (importados)', type: 'number' },
        { name: 'minInstallmentsImportedMarkup', title: 'Markup mínimo parcelado (importados)', type: 'number' },
        { name: 'priceFlashActive', title: 'Preço relâmpago ativo', type: 'checkbox' },
        { name: 'minFlashMarkup', title: 'Markup mínimo relâmpago', type: 'number' },
        { name: 'minInstallmentsFlashMarkup', title: 'Markup mínimo parcelado relâmpago', type: 'number' },
        { name: 'minMarkupToFreeFinancingFee', title: 'Markup mínimo para parcelamento sem juros', type: 'number' },
        { name: 'minMarkupToFreeShipping', title: 'Markup mínimo para frete grátis', type: 'number' },
        { name: 'minPriceToFreeShipping', title: 'Preço mínimo para frete grátis', type: 'number' },
        { name: 'priceRestrictActive', title: 'Restrição de preço ativa', type: 'checkbox' },
        {
          name: 'priceRestrictFreeFinancingFeeActive',
          title: 'Restrição de preço: parcelamento sem juros',
          type: 'checkbox',
        },
        { name: 'priceRestrictFreeShippingActive', title: 'Restrição de preço: frete grátis', type: 'checkbox' },
        { name: 'priceManual', title: 'Preço manual', type: 'checkbox' },
      ],
    },
  ],
});
