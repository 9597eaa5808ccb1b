import { options } from '../../fields/builders.js';
import type { NumberField } from '../../fields/types.js';
import { defineCollection } from '../define.js';
import { productOptionFlagFields } from './product-flags.js';

/**
 * Product file type codes. The spec counts about 38 codes but shows only these eight; the rest
 * are not listed there and are added here when known.
 */
export const PRODUCT_FILE_TYPES = ['PD', 'PN', 'IX', 'PR', 'EB', 'DW', 'FI', 'VD'] as const;

export const DIMENSION_UNITS = ['mm', 'cm'] as const;
/** Verbatim from the spec ('m or kg'). */
export const WEIGHT_UNITS = ['m', 'kg'] as const;

/** The NF-e's origin of the goods (field orig; table A of the CST), codes 0–8. */
export const PRODUCT_ORIGINS = ['0', '1', '2', '3', '4', '5', '6', '7', '8'] as const;
const PRODUCT_ORIGIN_LABELS: Record<string, string> = {
  '0': '0 — Nacional',
  '1': '1 — Estrangeira, importação direta',
  '2': '2 — Estrangeira, adquirida no mercado interno',
  '3': '3 — Nacional, conteúdo de importação acima de 40% e até 70%',
  '4': '4 — Nacional, produzida conforme processos produtivos básicos',
  '5': '5 — Nacional, conteúdo de importação até 40%',
  '6': '6 — Estrangeira, importação direta, sem similar nacional (lista CAMEX)',
  '7': '7 — Estrangeira, mercado interno, sem similar nacional (lista CAMEX)',
  '8': '8 — Nacional, conteúdo de importação acima de 70%',
};

export const UPSELL_TYPES = ['installation', 'accessory', 'cleaning'] as const;
const UPSELL_TYPE_LABELS: Record<string, string> = {
  installation: 'Instalação',
  accessory: 'Acessório',
  cleaning: 'Limpeza',
};

const price = (name: string, title: string, description?: string): NumberField => ({
  name,
  title,
  type: 'number',
  ...(description ? { description } : {}),
});

export const product = defineCollection({
  id: 'product',
  title: 'Produtos',
  group: 'catalog',
  userDefinedId: true,
  // The readiness the trigger stores (functions/src/readiness; firestore.rules).
  serverFields: ['readiness'],
  filter: { field: 'id', mode: 'prefix', label: 'Código do produto' },
  labelField: 'ProductSiteName',
  fields: [
    // Identity and classification
    { name: 'id', title: 'Código do produto', type: 'text' },
    { name: 'MPN', title: 'MPN', type: 'text', mapTo: 'ProductCode' },
    { name: 'Company', title: 'Empresa', type: 'number', description: 'Definida pelos dois primeiros dígitos do código' },
    { name: 'brand', title: 'Marca', type: 'select_nested', collection: 'brand' },
    { name: 'EAN13', title: 'EAN13 (GTIN)', type: 'text' },
    { name: 'ProductCodeGoogle', title: 'Código Google', type: 'text' },
    { name: 'NCMCode', title: 'NCM', type: 'text' },
    { name: 'CESTCode', title: 'CEST', type: 'text', description: '7 dígitos: NN.NNN.NN' },
    {
      name: 'Origin',
      title: 'Origem da mercadoria',
      type: 'select',
      options: options(PRODUCT_ORIGINS, PRODUCT_ORIGIN_LABELS),
      description: 'Código de origem da NF-e (tabela A do CST)',
    },
    { name: 'section', title: 'Seção', type: 'text' },
    { name: 'category', title: 'Categoria', type: 'text' },
    { name: 'type', title: 'Tipo', type: 'text' },
    { name: 'group', title: 'Grupo', type: 'text' },
    { name: 'ProductLine', title: 'Linha', type: 'text' },

    // Text
    { name: 'ProductSiteName', title: 'Nome no site', type: 'text' },
    { name: 'ProductSiteSynonyms', title: 'Sinônimos', type: 'textarea' },
    { name: 'ProductDescription', title: 'Descrição', type: 'editor' },
    { name: 'ProductDescriptionSales', title: 'Descrição de vendas', type: 'editor' },
    { name: 'ProductInfo', title: 'Informações', type: 'editor' },
    { name: 'Warranty', title: 'Garantia', type: 'textarea' },

    // Dimensions and packing; an empty unit means the default (cm, kg)
    { name: 'Height', title: 'Altura', type: 'number' },
    { name: 'Width', title: 'Largura', type: 'number' },
    { name: 'Length', title: 'Comprimento', type: 'number' },
    {
      name: 'DimensionsUnit',
      title: 'Unidade das dimensões',
      type: 'select',
      options: options(DIMENSION_UNITS),
      description: 'Padrão: cm',
    },
    { name: 'NetWeight', title: 'Peso líquido', type: 'number' },
    { name: 'WeightUnit', title: 'Unidade do peso', type: 'select', options: options(WEIGHT_UNITS), description: 'Padrão: kg' },
    { name: 'HeightPacking', title: 'Altura da embalagem', type: 'number' },
    { name: 'WidthPacking', title: 'Largura da embalagem', type: 'number' },
    { name: 'LengthPacking', title: 'Comprimento da embalagem', type: 'number' },
    { name: 'GrossWeight', title: 'Peso bruto', type: 'number' },

    {
      name: 'Stock',
      title: 'Estoque',
      type: 'collection_doc_form',
      collection: 'stock',
      fields: [
        { name: 'qty', title: 'Quantidade', type: 'number' },
        { name: 'ProductCodeErp', title: 'Código no ERP', type: 'text' },
      ],
    },

    {
      name: 'Options',
      title: 'Opções',
      type: 'struct',
      fields: [
        // Written by the sync to explain why the product can or cannot be sold.
        { name: 'canSellAbout', title: 'Motivo de venda', type: 'text', readOnly: true },
        { name: 'canCrossDockingAfter', title: 'Cross-docking a partir de', type: 'datetime' },
        ...productOptionFlagFields(),
        { name: 'isFree', title: 'Gratuito', type: 'checkbox' },
        { name: 'canStackOnShipping', title: 'Pode empilhar no frete', type: 'checkbox' },
        { name: 'maxInstallments', title: 'Máximo de parcelas', type: 'number' },
        { name: 'maxStackedQtyOnShipping', title: 'Quantidade máxima empilhada no frete', type: 'number' },
        {
          name: 'splitWallets',
          title: 'Divisão entre carteiras',
          type: 'array_struct',
          fields: [
            { name: 'walletId', title: 'Carteira', type: 'text' },
            { name: 'percentage', title: 'Percentual', type: 'number' },
          ],
        },
        {
          name: 'subscriptions',
          title: 'Assinaturas',
          type: 'array_struct',
          fields: [
            { name: 'name', title: 'Nome', type: 'text' },
            { name: 'nodeIds', title: 'Nós liberados', type: 'array_textarea', description: 'Um ID por linha' },
            {
              name: 'duration',
              title: 'Duração',
              type: 'struct',
              fields: [
                { name: 'days', title: 'Dias', type: 'number' },
                { name: 'months', title: 'Meses', type: 'number' },
              ],
            },
          ],
        },
      ],
    },

    // Prices
    price('PriceNet', 'Preço de custo (fabricante)'),
    price('PriceCompare', 'Preço cheio'),
    price('Price', 'Preço à vista'),
    price('PriceInstallments', 'Preço parcelado', 'Vazio: usa o preço à vista'),
    price('PriceFlash', 'Preço relâmpago'),
    price('PriceFlashInstallments', 'Preço relâmpago parcelado'),
    price('PriceMin', 'Preço mínimo (fabricante)'),
    price('PriceMinInstallments', 'Preço mínimo parcelado (fabricante)'),

    {
      name: 'projectFiles',
      title: 'Arquivos por projeto',
      type: 'array_struct',
      fields: [
        { name: 'project', title: 'Projeto', type: 'text' },
        { name: 'FileExtension', title: 'Extensão', type: 'text' },
        { name: 'FileCDNURL', title: 'URL (CDN)', type: 'text' },
      ],
    },
    // Stored at ProductFiles.Files, hence the wrapping struct.
    {
      name: 'ProductFiles',
      title: 'Arquivos do produto',
      type: 'struct',
      fields: [
        {
          name: 'Files',
          title: 'Arquivos',
          type: 'array_struct',
          fields: [
            { name: 'FileType', title: 'Tipo', type: 'select', options: options(PRODUCT_FILE_TYPES) },
            { name: 'FileExtension', title: 'Extensão', type: 'text' },
            { name: 'FileCDNURL', title: 'URL (CDN)', type: 'text' },
          ],
        },
      ],
    },
    { name: 'images', title: 'Imagens', type: 'array_field', of: { name: 'image', title: 'Imagem', type: 'image' } },
    {
      name: 'kit',
      title: 'Kit',
      type: 'array_struct',
      fields: [
        { name: 'sku', title: 'SKU', type: 'text' },
        { name: 'qty', title: 'Quantidade', type: 'number' },
      ],
    },
    {
      name: 'upsell',
      title: 'Upsell',
      type: 'array_struct',
      fields: [
        { name: 'sku', title: 'SKU', type: 'text' },
        { name: 'label', title: 'Rótulo', type: 'text' },
        { name: 'type', title: 'Tipo', type: 'select', options: options(UPSELL_TYPES, UPSELL_TYPE_LABELS) },
      ],
    },
  ],
});
