import { options } from '../../fields/builders.js';
import { defineCollection } from '../define.js';
import { skuLinesField } from './sku-fields.js';

export const SALES_RULE_PRICE_RULES = ['markup', 'fixedDiscount', 'percentageDiscount', 'fixedPrice'] as const;
const SALES_RULE_PRICE_RULE_LABELS: Record<string, string> = {
  markup: 'Markup (ex.: 1.7)',
  fixedDiscount: 'Desconto fixo (ex.: 200.35)',
  percentageDiscount: 'Desconto percentual (ex.: 15)',
  fixedPrice: 'Preço fixo (ex.: 1598.43)',
};

export const salesRule = defineCollection({
  id: 'sales-rule',
  title: 'Regras de venda',
  group: 'pricing-rule',
  labelField: 'name',
  // Coupons and price campaigns run in every store at once: the super-project copies them.
  replicable: true,
  fields: [
    { name: 'name', title: 'Nome', type: 'text' },
    { name: 'description', title: 'Descrição', type: 'textarea' },
    { name: 'startAt', title: 'Início', type: 'datetime' },
    { name: 'endAt', title: 'Fim', type: 'datetime' },
    {
      name: 'rules',
      title: 'Regras',
      type: 'array_struct',
      fields: [
        { name: 'description', title: 'Descrição', type: 'text' },
        { name: 'couponCode', title: 'Cupom', type: 'text' },
        {
          name: 'productsRules',
          title: 'Regras de produtos',
          type: 'array_struct',
          fields: [
            skuLinesField('sku', 'SKUs', 'Um SKU por linha, ou * para todos os produtos'),
            {
              name: 'priceRule',
              title: 'Tipo de preço',
              type: 'select',
              options: options(SALES_RULE_PRICE_RULES, SALES_RULE_PRICE_RULE_LABELS),
            },
            { name: 'priceRuleValue', title: 'Valor à vista', type: 'number' },
            { name: 'priceInstallmentRuleValue', title: 'Valor parcelado', type: 'number' },
            { name: 'ignoreFees', title: 'Ignorar juros', type: 'checkbox' },
            { name: 'freeShipping', title: 'Frete grátis', type: 'checkbox' },
          ],
        },
      ],
    },
    {
      name: 'onlyCashPayment',
      title: 'Somente pagamento à vista',
      type: 'checkbox',
      description: 'Cartão em 1x, pix e boleto',
    },
    {
      name: 'onlyInstallmentPayment',
      title: 'Somente pagamento parcelado',
      type: 'checkbox',
      description: 'Cartão de 2 a 12x',
    },
    { name: 'hideProductsOnCheckout', title: 'Ocultar produtos no checkout', type: 'checkbox' },
  ],
});
