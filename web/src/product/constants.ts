import type { OverrideKind } from './panel';

/** Texts of the product information panel (document 1 §2 screen 3, §5 'Manual override'). */
export const PANEL_TEXTS = {
  title: 'Informações do produto',
  sections: {
    info: 'Informações',
    stock: 'Estoque',
    settings: 'Configurações',
    prices: 'Preços',
    heldPrices: 'Preços retidos',
    costMargin: 'Custo e margem',
    history: 'Histórico de alterações',
    texts: 'Textos de IA',
  },
  override: 'Alterar',
  overrideLabel: (label: string) => `Alterar ${label}`,
  valuePrompt: (label: string) => `Novo valor para ${label} (vazio apaga o valor):`,
  reasonPrompt: (label: string) => `Motivo da alteração de ${label}:`,
  /** Spec §5: an empty (or cancelled) reason aborts with this message. */
  cancelled: 'Alteração cancelada',
  invalidNumber: (answer: string) => `Valor inválido: ${answer}`,
  saved: 'Alteração salva',
  priceHeld: 'Preço retido: fora dos limites da loja',
  overridden: 'Alterado manualmente',
  upstreamNow: (value: string) => `Origem agora: ${value}`,
  removeOverride: 'Remover alteração',
  removeOverrideLabel: (label: string) => `Remover alteração de ${label}`,
  removeReasonPrompt: (label: string) => `Motivo para remover a alteração de ${label} (volta o valor de origem):`,
  removed: 'Alteração removida',
  removedInHistory: 'alteração removida',
  confirmedInHistory: (reason: string) => `preço fora dos limites confirmado: “${reason}”`,
  saveFailed: 'Erro ao salvar',
  loading: 'Carregando informações do produto…',
  loadFailed: 'Não foi possível carregar as informações do produto.',
  notFound: 'Produto sem informações.',
  empty: '—',
  yes: 'Sim',
  no: 'Não',
  blankMeansPrice: 'vazio: igual ao à vista',
  noStock: 'Sem estoque registrado.',
  warehouse: 'Depósito',
  quantity: 'Quantidade',
  total: 'Total',
  packageSize: 'Embalagem',
  packagePrice: 'Preço da embalagem',
  unitPrice: 'Preço por unidade',
  packagesTitle: 'Preço por embalagem',
  purchasePrice: 'Preço de compra',
  purchaseFromErp: 'custo ERP',
  purchaseFromManufacturer: 'custo fabricante',
  margin: 'Margem (à vista ÷ compra)',
  noHistory: 'Nenhuma alteração registrada.',
  historyLoadFailed: 'Não foi possível carregar o histórico.',
  /** The AI-written texts (product-text/{code}); decision: not in the spec, shown read-only so an operator sees what 'IA: textos' wrote. */
  noTexts: 'Nenhum texto gerado pela IA ainda.',
  textsLoadFailed: 'Não foi possível carregar os textos de IA.',
  textKinds: {
    title: 'Título',
    description: 'Descrição',
    sales: 'Texto de vendas',
    badges: 'Selos',
    facets: 'Atributos',
    reviews: 'Resumo das avaliações',
  },
  textProvenance: (model: string, when: string) => `${model} · ${when}`,
  pros: 'Pontos positivos',
  cons: 'Pontos negativos',
} as const;

export type ValueFormat = 'text' | 'money' | 'percent' | 'number' | 'image';

export interface PanelField {
  field: string;
  label: string;
  format: ValueFormat;
  /** Set for fields an operator may override, with how the prompt's answer is read. */
  override?: OverrideKind;
}

export const INFO_FIELDS: PanelField[] = [
  { field: 'Company', label: 'Empresa', format: 'text' },
  { field: 'ProductCode', label: 'Código (SKU)', format: 'text' },
  { field: 'ProductCodeErp', label: 'Código ERP', format: 'text', override: 'text' },
  { field: 'EAN13', label: 'EAN13 (GTIN)', format: 'text', override: 'text' },
  { field: 'ProductCodeGoogle', label: 'Código Google', format: 'text', override: 'text' },
  { field: 'ProductLine', label: 'Linha', format: 'text', override: 'text' },
  { field: 'ProductSiteName', label: 'Nome no site', format: 'text', override: 'text' },
  { field: 'ProductImage', label: 'Imagem', format: 'image', override: 'text' },
];

export const PRICE_FIELDS: PanelField[] = [
  { field: 'PriceCompare', label: 'Preço "de"', format: 'money', override: 'number' },
  { field: 'Price', label: 'Preço à vista', format: 'money', override: 'number' },
  { field: 'PriceInstallments', label: 'Preço parcelado', format: 'money', override: 'number' },
  { field: 'PriceMin', label: 'Preço mínimo', format: 'money', override: 'number' },
  { field: 'PriceMinInstallments', label: 'Preço mínimo parcelado', format: 'money', override: 'number' },
  { field: 'PriceNetIPI', label: 'IPI (%)', format: 'percent', override: 'number' },
  { field: 'PriceNetErp', label: 'Custo ERP (unitário)', format: 'money', override: 'number' },
  { field: 'PriceNet', label: 'Custo fabricante (unitário)', format: 'money', override: 'number' },
];

/** The Options toggles (document 1 §3), each overridable with a reason. */
export const OPTION_TOGGLES: { field: string; label: string }[] = [
  { field: 'Options.canSell', label: 'Pode vender' },
  { field: 'Options.canCrossDocking', label: 'Cross-docking' },
  { field: 'Options.isFreeShipping', label: 'Frete grátis' },
  { field: 'Options.isFreePriceFinancingFee', label: 'Parcelamento sem juros' },
  { field: 'Options.isBrandPriceRestrict', label: 'Preço restrito pela marca' },
  { field: 'Options.isBrandMarketplaceRestrict', label: 'Marketplace restrito pela marca' },
  { field: 'Options.isManualPricing', label: 'Preço manual' },
  { field: 'Options.isSalePricing', label: 'Preço promocional' },
];

/** Manufacturer-derived, read-only (§5): Salable 'S' = salable, Status 'ativado' = active. */
export const READ_ONLY_FLAGS = [
  { field: 'Salable', label: 'Vendável', on: (value: unknown) => value === 'S' },
  { field: 'Status', label: 'Ativo', on: (value: unknown) => value === 'ativado' },
];

/** Entries the history shows (the most recent first). */
export const HISTORY_LIMIT = 20;

/** Field path → label, for the history lines. */
export const FIELD_LABELS: Record<string, string> = Object.fromEntries([...INFO_FIELDS, ...PRICE_FIELDS, ...OPTION_TOGGLES].map((f) => [f.field, f.label]));

/** Field path → how its values show, for the history lines. */
export const FIELD_FORMATS: Record<string, ValueFormat> = Object.fromEntries(
  [...INFO_FIELDS, ...PRICE_FIELDS].map((f) => [f.field, f.format === 'image' ? 'text' : f.format]),
);
