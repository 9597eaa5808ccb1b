// Demo seed (stores.mjs): per-project definitions: store data, stocks, layout rules.
/** @import { LayoutRule, StoreId } from './types.js' */

export const STORE_INFO = {
  main: {
    companyName: 'Loja Principal Utilidades Domésticas Ltda.',
    foundationYear: 2009,
    email: 'atendimento@lojaprincipal.demo.test',
    phone: '(11) 3456-7890',
    whatsapp: '5511987650001',
    address: { zipcode: '01310100', street01: 'Avenida Paulista', street02: 'Bela Vista', number: '1500', complement: 'Conjunto 82', city: 'São Paulo', state: 'SP' },
    colors: { primary: '#c2410c', secondary: '#1e3a8a' },
    handle: 'lojaprincipal.demo',
  },
  cookstore: {
    companyName: 'Cook Store Comércio de Utilidades Ltda.',
    foundationYear: 2014,
    email: 'contato@cookstore.demo.test',
    phone: '(54) 3222-1100',
    whatsapp: '5554999880001',
    address: { zipcode: '95020360', street01: 'Rua Sinimbu', street02: 'Centro', number: '1920', complement: 'Loja 2', city: 'Caxias do Sul', state: 'RS' },
    colors: { primary: '#b91c1c', secondary: '#374151' },
    handle: 'cookstore.demo',
  },
};

export const STOCKS = {
  main: [
    { id: 'cd-sp', name: 'CD São Paulo (próprio)', source: 'bling', externalId: '14886532011', type: 'b2c', priority: 'high', own: true,
      address: { zipcode: '07224000', street01: 'Rodovia Presidente Dutra', street02: 'Jardim Cumbica', number: '2150', complement: 'Galpão 4', city: 'Guarulhos', state: 'SP' },
      days: [1, 0, 0, 0] },
    { id: 'cd-rs', name: 'CD Porto Alegre (próprio)', source: 'bling', externalId: '14886532019', type: 'b2c', priority: 'medium', own: true,
      address: { zipcode: '91140001', street01: 'Avenida Assis Brasil', street02: 'Sarandi', number: '8800', complement: 'Bloco B', city: 'Porto Alegre', state: 'RS' },
      days: [1, 0, 0, 0] },
    { id: 'tramontina-rs', name: 'Tramontina — Carlos Barbosa', source: 'tramontina', externalId: 'TRAM-CB-01', type: 'b2b2c', priority: 'medium', brands: ['tramontina'],
      address: { zipcode: '95185000', street01: 'Rodovia RS-324', street02: 'Distrito Industrial', number: 's/n', complement: '', city: 'Carlos Barbosa', state: 'RS' },
      days: [1, 2, 0, 0] },
    { id: 'franke-sp', name: 'Franke — Itu', source: 'franke', externalId: 'FRK-ITU', type: 'b2b2c', priority: 'low', brands: ['franke'],
      address: { zipcode: '13312000', street01: 'Rodovia Waldomiro Corrêa de Camargo', street02: 'Distrito Industrial', number: '3000', complement: '', city: 'Itu', state: 'SP' },
      days: [2, 3, 0, 0] },
  ],
  cookstore: [
    { id: 'cookstore-rs', name: 'Loja e CD Caxias do Sul', source: 'bling', externalId: '15990217004', type: 'b2c', priority: 'high', own: true,
      address: { zipcode: '95020360', street01: 'Rua Sinimbu', street02: 'Centro', number: '1920', complement: 'Depósito', city: 'Caxias do Sul', state: 'RS' },
      days: [1, 0, 0, 0] },
    { id: 'tramontina-rs', name: 'Tramontina — Carlos Barbosa', source: 'tramontina', externalId: 'TRAM-CB-02', type: 'b2b2c', priority: 'medium', brands: ['tramontina'],
      address: { zipcode: '95185000', street01: 'Rodovia RS-324', street02: 'Distrito Industrial', number: 's/n', complement: '', city: 'Carlos Barbosa', state: 'RS' },
      days: [1, 2, 0, 0] },
    { id: 'debacco-sc', name: 'Debacco — Joinville', source: 'debacco', externalId: 'DBC-JVL', type: 'b2b2c', priority: 'low', brands: ['debacco'],
      address: { zipcode: '89219500', street01: 'Rua Dona Francisca', street02: 'Zona Industrial Norte', number: '7200', complement: '', city: 'Joinville', state: 'SC' },
      days: [2, 2, 0, 0] },
    { id: 'fischer-sc', name: 'Fischer — Brusque', source: 'Fischer', externalId: 'FSC-BRQ', type: 'b2b2c', priority: 'low', brands: ['fischer'],
      address: { zipcode: '88350000', street01: 'Rodovia Antônio Heil', street02: 'Limoeiro', number: '4600', complement: '', city: 'Brusque', state: 'SC' },
      days: [2, 3, 1, 0] },
  ],
};

export const SOUTH_SOUTHEAST = ['SP', 'RJ', 'MG', 'ES', 'PR', 'SC', 'RS'];

/** Layout rules (Banners): the event feed references these ids and names. */
/** @type {Record<StoreId, LayoutRule[]>} */
export const LAYOUT_RULES = {
  main: [
    { id: 'popup-boas-vindas', name: 'Popup de boas-vindas — 10% na primeira compra', kind: 'popup', coupon: 'BEMVINDO10' },
    { id: 'frete-gratis-sul-sudeste', name: 'Selo frete grátis Sul e Sudeste', kind: 'shipping', coupon: '' },
    { id: 'black-friday-2026', name: 'Black Friday 2026 — selo de preço', kind: 'price', coupon: 'BLACK26', from: '2026-11-20T00:00:00Z' },
    { id: 'selo-churrasco', name: 'Selo cupom Churrasco', kind: 'category', category: 'churrasco', coupon: 'CHURRAS15' },
    { id: 'banner-eletroportateis', name: 'Banner eletroportáteis 220 V', kind: 'category', category: 'eletroportateis', coupon: 'ELETRO5', inactive: true },
  ],
  cookstore: [
    { id: 'popup-cadastro', name: 'Popup cadastro — cupom COOK10', kind: 'popup', coupon: 'COOK10' },
    { id: 'frete-gratis-rs-sc', name: 'Frete grátis RS e SC', kind: 'shipping', coupon: '', states: ['RS', 'SC'] },
    { id: 'selo-cubas-franke', name: 'Selo cubas e torneiras', kind: 'category', category: 'cubas-e-torneiras', coupon: 'CUBA8' },
    { id: 'black-week-cook', name: 'Black Week Cook Store', kind: 'price', coupon: 'BLACKCOOK', from: '2026-11-18T00:00:00Z' },
  ],
};
