import { z } from 'zod';
import type { ReadinessChannel } from './channels.js';
import { READINESS_CHANNELS } from './channels.js';
import type { ProductFactName } from './facts.js';

/**
 * The readiness rules, as data: what each channel needs of a product before it is sent there.
 * Each rule checks one fact of the product (facts.ts), points at the field the operator fixes
 * (the panel links to it) and says in Portuguese why it fails, per way of failing. The same data
 * is run by the evaluator (evaluate.ts) and turned into the warehouse's SQL for a whole catalogue.
 * Where each number comes from: `source` (the marketplaces' and the Receita Federal's published
 * requirements; where none is published, the choice is ours and says so).
 */
export type ReadinessCheck =
  /** The fact is set (a text not blank). */
  | { kind: 'present'; fact: ProductFactName }
  /** A text's length in characters, within [min, max]. */
  | { kind: 'textLength'; fact: 'title'; min?: number; max?: number }
  /** A number at least min (absent fails). */
  | { kind: 'atLeast'; fact: 'descriptionLength' | 'imageCount' | 'price' | 'stock'; min: number }
  /** A measure present and plausible: within [min, max] (cm or kg). */
  | { kind: 'between'; fact: MeasureFact; min: number; max: number }
  | { kind: 'gtin'; required: boolean }
  | { kind: 'ncm' }
  /** Checked where set. */
  | { kind: 'cest' }
  /** Checked where set (the sync does not carry the ERP's origin yet: requiring it would block every product). */
  | { kind: 'origin' };

export type MeasureFact = 'height' | 'width' | 'length' | 'weight' | 'packHeight' | 'packWidth' | 'packLength' | 'grossWeight';

/** How a check fails; each rule has a reason for each of its ways. */
export type ReadinessFailureCode = 'missing' | 'tooShort' | 'tooLong' | 'tooLow' | 'outOfRange' | 'format' | 'checkDigit' | 'unknown';

export interface ReadinessRule {
  /** Stable id: failures, stored results and the warehouse's columns name it. */
  id: string;
  /** The product field the operator fixes (a field path of the product collection). */
  field: string;
  /** The field's name as the operator knows it. */
  label: string;
  check: ReadinessCheck;
  reasons: Partial<Record<ReadinessFailureCode, string>>;
  /** Where the number or the requirement comes from. */
  source: string;
}

export type ReadinessRules = Record<ReadinessChannel, ReadinessRule[]>;

/** Per channel, what a store may tune in its settings (config/readiness). */
export interface ChannelRuleParams {
  minImages: number;
  minDescriptionLength: number;
  maxTitleLength: number;
  gtinRequired: boolean;
}

// Sources (read 06/12/2026 through the search tools; addresses as published).
const MAGALU_SKU_API =
  'Magalu, API Seller Produtos, POST /seller/v1/portfolios/skus (developers.magalu.com/docs/seller-produtos/post_skus/): title 1–150 caracteres, description 1–7000, brand obrigatória, identifiers EAN com no mínimo 8 dígitos';
const AMAZON_LISTING =
  'Amazon Seller Central, ajuda 200421970 (sellercentral.amazon.ae/gp/help/external/help.html?itemID=200421970): título de até 200 caracteres; toda página de produto exige ao menos 1 imagem';
const UNPUBLISHED = (marketplace: string) =>
  `${marketplace}: nenhum número publicado encontrado (corpora docs e pages, 06/12/2026); escolha nossa, conservadora (mais exigente que os demais canais)`;
const OURS = 'Escolha nossa: o site é o canal da própria loja';
const PLAUSIBLE =
  'Escolha nossa: nenhum canal publica limites de plausibilidade; 0,5–300 cm por lado e 0,01–500 kg separam medidas reais de erros de digitação e unidade (mm lido como cm)';
const GS1 = 'GS1 General Specifications: GTIN-8, -12, -13 ou -14, dígito verificador módulo 10 (pacote gtin)';
const NCM_SOURCE = 'Receita Federal / Siscomex, Tabela NCM vigente (cópia fixada: functions/src/readiness/ncm/SOURCE.md); NCM de 8 dígitos';
const CEST_SOURCE = 'Convênio ICMS 142/2018, anexos: CEST de 7 dígitos, no formato NN.NNN.NN';
const ORIGIN_SOURCE = 'NF-e, campo orig (origem da mercadoria): tabela A do CST, códigos 0 a 8';

export const DEFAULT_CHANNEL_PARAMS: Record<ReadinessChannel, ChannelRuleParams> = {
  site: { minImages: 1, minDescriptionLength: 50, maxTitleLength: 150, gtinRequired: false },
  magalu: { minImages: 2, minDescriptionLength: 1, maxTitleLength: 150, gtinRequired: true },
  shopee: { minImages: 3, minDescriptionLength: 100, maxTitleLength: 120, gtinRequired: true },
  amazon: { minImages: 1, minDescriptionLength: 1, maxTitleLength: 200, gtinRequired: true },
  madeiramadeira: { minImages: 3, minDescriptionLength: 100, maxTitleLength: 150, gtinRequired: true },
};

const SOURCES: Record<ReadinessChannel, string> = {
  site: OURS,
  magalu: MAGALU_SKU_API,
  shopee: UNPUBLISHED('Shopee'),
  amazon: AMAZON_LISTING,
  madeiramadeira: UNPUBLISHED('MadeiraMadeira'),
};

const MEASURES: { fact: MeasureFact; field: string; label: string; unit: 'cm' | 'kg'; marketplaceOnly: boolean }[] = [
  { fact: 'packHeight', field: 'HeightPacking', label: 'Altura da embalagem', unit: 'cm', marketplaceOnly: false },
  { fact: 'packWidth', field: 'WidthPacking', label: 'Largura da embalagem', unit: 'cm', marketplaceOnly: false },
  { fact: 'packLength', field: 'LengthPacking', label: 'Comprimento da embalagem', unit: 'cm', marketplaceOnly: false },
  { fact: 'grossWeight', field: 'GrossWeight', label: 'Peso bruto', unit: 'kg', marketplaceOnly: false },
  { fact: 'height', field: 'Height', label: 'Altura', unit: 'cm', marketplaceOnly: true },
  { fact: 'width', field: 'Width', label: 'Largura', unit: 'cm', marketplaceOnly: true },
  { fact: 'length', field: 'Length', label: 'Comprimento', unit: 'cm', marketplaceOnly: true },
  { fact: 'weight', field: 'NetWeight', label: 'Peso líquido', unit: 'kg', marketplaceOnly: true },
];
const RANGE = { cm: { min: 0.5, max: 300 }, kg: { min: 0.01, max: 500 } } as const;

const br = (n: number) => String(n).replace('.', ',');

/** The rules of one channel with its parameters. */
export function channelRules(channel: ReadinessChannel, params: ChannelRuleParams = DEFAULT_CHANNEL_PARAMS[channel]): ReadinessRule[] {
  const source = SOURCES[channel];
  const marketplace = channel !== 'site';
  const rules: ReadinessRule[] = [
    {
      id: 'title',
      field: 'ProductSiteName',
      label: 'Nome no site',
      check: { kind: 'textLength', fact: 'title', min: 1, max: params.maxTitleLength },
      reasons: { missing: 'Informe o nome do produto', tooLong: `O nome passa de ${params.maxTitleLength} caracteres` },
      source,
    },
    {
      id: 'description',
      field: 'ProductDescription',
      label: 'Descrição',
      check: { kind: 'atLeast', fact: 'descriptionLength', min: params.minDescriptionLength },
      reasons: {
        tooLow:
          params.minDescriptionLength <= 1 ? 'Escreva a descrição do produto' : `A descrição precisa de pelo menos ${params.minDescriptionLength} caracteres`,
      },
      source,
    },
    {
      id: 'images',
      field: 'images',
      label: 'Imagens',
      check: { kind: 'atLeast', fact: 'imageCount', min: params.minImages },
      reasons: { tooLow: params.minImages === 1 ? 'Adicione ao menos 1 imagem' : `Adicione ao menos ${params.minImages} imagens` },
      source,
    },
    {
      id: 'brand',
      field: 'brand',
      label: 'Marca',
      check: { kind: 'present', fact: 'brand' },
      reasons: { missing: 'Informe a marca' },
      source: channel === 'magalu' ? MAGALU_SKU_API : 'Document 2 §5: a marca é obrigatória no produto',
    },
    {
      id: 'category',
      field: 'category',
      label: 'Categoria',
      check: { kind: 'present', fact: 'category' },
      reasons: { missing: 'Informe a categoria' },
      source: marketplace ? `${source}; a categoria mapeia o produto para a árvore do canal` : OURS,
    },
    {
      id: 'price',
      field: 'Price',
      label: 'Preço à vista',
      check: { kind: 'atLeast', fact: 'price', min: 0.01 },
      reasons: { tooLow: 'Informe o preço à vista (maior que zero)' },
      source: 'Todo canal precisa de um preço para a oferta',
    },
    {
      id: 'stock',
      field: 'Stock',
      label: 'Estoque',
      check: { kind: 'atLeast', fact: 'stock', min: 1 },
      reasons: { tooLow: 'Sem estoque em nenhum depósito' },
      source: 'Todo canal precisa de estoque para a oferta',
    },
  ];
  for (const measure of MEASURES) {
    if (measure.marketplaceOnly && !marketplace) continue;
    const range = RANGE[measure.unit];
    rules.push({
      id: measure.fact,
      field: measure.field,
      label: measure.label,
      check: { kind: 'between', fact: measure.fact, ...range },
      reasons: {
        missing: `Informe: ${measure.label.toLowerCase()}`,
        outOfRange: `${measure.label} fora do plausível (${br(range.min)}–${br(range.max)} ${measure.unit})`,
      },
      source: PLAUSIBLE,
    });
  }
  rules.push(
    {
      id: 'gtin',
      field: 'EAN13',
      label: 'EAN13 (GTIN)',
      check: { kind: 'gtin', required: params.gtinRequired },
      reasons: {
        missing: 'Informe o GTIN/EAN',
        format: 'O GTIN/EAN deve ter 8, 12, 13 ou 14 dígitos',
        checkDigit: 'O dígito verificador do GTIN/EAN não confere',
      },
      source: params.gtinRequired ? `${GS1}; ${source}` : GS1,
    },
    {
      id: 'ncm',
      field: 'NCMCode',
      label: 'NCM',
      check: { kind: 'ncm' },
      reasons: {
        missing: 'Informe o NCM',
        format: 'O NCM deve ter 8 dígitos (ex.: 8215.20.00)',
        unknown: 'NCM fora da tabela NCM vigente da Receita Federal',
      },
      source: NCM_SOURCE,
    },
    {
      id: 'cest',
      field: 'CESTCode',
      label: 'CEST',
      check: { kind: 'cest' },
      reasons: { format: 'O CEST deve ter 7 dígitos (NN.NNN.NN)' },
      source: CEST_SOURCE,
    },
    {
      id: 'origin',
      field: 'Origin',
      label: 'Origem da mercadoria',
      check: { kind: 'origin' },
      reasons: { format: 'A origem da mercadoria deve ser um código de 0 a 8' },
      source: ORIGIN_SOURCE,
    },
  );
  return rules;
}

const channelParamsSchema = z
  .object({
    minImages: z.number().int().min(0).max(50).nullish(),
    minDescriptionLength: z.number().int().min(0).max(10_000).nullish(),
    maxTitleLength: z.number().int().min(1).max(1_000).nullish(),
    gtinRequired: z.boolean().nullish(),
  })
  .partial();

/**
 * config/readiness as stored (the 'Prontidão por canal' settings): per channel, the numbers that
 * replace the defaults. A value out of range is dropped (the default holds) rather than failing
 * every product's evaluation.
 */
export function readinessOverrides(stored: unknown): Partial<Record<ReadinessChannel, Partial<ChannelRuleParams>>> {
  const overrides: Partial<Record<ReadinessChannel, Partial<ChannelRuleParams>>> = {};
  if (typeof stored !== 'object' || stored === null) return overrides;
  for (const channel of READINESS_CHANNELS) {
    const raw = (stored as Record<string, unknown>)[channel];
    if (typeof raw !== 'object' || raw === null) continue;
    const params: Partial<ChannelRuleParams> = {};
    for (const key of Object.keys(channelParamsSchema.shape) as (keyof ChannelRuleParams)[]) {
      const parsed = channelParamsSchema.shape[key].safeParse((raw as Record<string, unknown>)[key]);
      if (parsed.success && parsed.data !== null && parsed.data !== undefined) (params as Record<string, unknown>)[key] = parsed.data;
    }
    overrides[channel] = params;
  }
  return overrides;
}

/** Every channel's rules, with a store's own parameters over the defaults (config/readiness). */
export function readinessRules(overrides: Partial<Record<ReadinessChannel, Partial<ChannelRuleParams>>> = {}): ReadinessRules {
  const rules = {} as ReadinessRules;
  for (const channel of READINESS_CHANNELS) {
    rules[channel] = channelRules(channel, { ...DEFAULT_CHANNEL_PARAMS[channel], ...definedOnly(overrides[channel] ?? {}) });
  }
  return rules;
}

function definedOnly<T extends object>(params: T): Partial<T> {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== null && value !== undefined)) as Partial<T>;
}
