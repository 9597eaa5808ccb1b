import type { FieldDefinition, StructField } from '../../fields/types.js';
import { addressField } from '../address.js';
import { defineSettings } from '../define.js';

/** Contact and social channels of the store. */
export const storeContactFields: FieldDefinition[] = [
  { name: 'name', title: 'Nome', type: 'text' },
  { name: 'companyName', title: 'Razão social', type: 'text' },
  { name: 'taxvat', title: 'CNPJ', type: 'text' },
  { name: 'domain', title: 'Domínio', type: 'text' },
  { name: 'email', title: 'E-mail', type: 'text' },
  { name: 'phone', title: 'Telefone', type: 'text' },
  { name: 'whatsapp', title: 'WhatsApp', type: 'text' },
  { name: 'reclameaqui', title: 'Reclame Aqui', type: 'text' },
  { name: 'mercadolivre', title: 'Mercado Livre', type: 'text' },
  { name: 'shopee', title: 'Shopee', type: 'text' },
  { name: 'instagram', title: 'Instagram', type: 'text' },
  { name: 'youtube', title: 'YouTube', type: 'text' },
  { name: 'tiktok', title: 'TikTok', type: 'text' },
  { name: 'facebook', title: 'Facebook', type: 'text' },
];

export const storeBrandField: StructField = {
  name: 'brand',
  title: 'Identidade visual',
  type: 'struct',
  fields: [
    { name: 'squareLogoSvg', title: 'Logo quadrado (SVG)', type: 'image' },
    { name: 'horizontalLogoSvg', title: 'Logo horizontal (SVG)', type: 'image' },
    { name: 'squareSymbolSvg', title: 'Símbolo quadrado (SVG)', type: 'image' },
    { name: 'horizontalLogoPng', title: 'Logo horizontal (PNG)', type: 'image' },
    { name: 'favicon', title: 'Favicon', type: 'image' },
  ],
};

export const storeSettings = defineSettings({
  id: 'store',
  title: 'Loja',
  fields: [
    ...storeContactFields,
    { name: 'foundationYear', title: 'Ano de fundação', type: 'number' },
    { name: 'categoryRoot', title: 'Categoria raiz', type: 'select_nested', collection: 'category' },
    { name: 'contentRoot', title: 'Conteúdo raiz', type: 'select_nested', collection: 'content' },
    addressField,
    storeBrandField,
    // Issue 29 point 3: a price change outside these is held until confirmed (shared/src/products/price-guardrails.ts).
    {
      name: 'priceGuardrails',
      title: 'Limites de preço',
      type: 'struct',
      fields: [
        { name: 'minMarginPercent', title: 'Margem mínima sobre o custo (%)', type: 'number' },
        { name: 'maxChangePercent', title: 'Variação máxima de preço de uma vez (%)', type: 'number' },
      ],
    },
  ],
});
