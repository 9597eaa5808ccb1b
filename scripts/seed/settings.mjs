// Demo seed (settings.mjs): settings documents (config/{id}).
import { createHash } from 'node:crypto';
import { DAY, cnpj, fileObject, round2, ts } from './values.mjs';
import { PROJECTS } from './reference.mjs';
import { STOCKS, STORE_INFO } from './stores.mjs';
/** @import { Rng } from './random.mjs' */
/** @import { StoreId } from './types.js' */

/**
 * A color's shades 50–900, lighter and darker, as the storefront theme takes them.
 * @param {string} hex '#rrggbb'
 */
function shades(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  /** @param {number} c @param {number} target @param {number} amount */
  const mix = (c, target, amount) => Math.round(c + (target - c) * amount);
  /** @param {number[]} rgb */
  const toHex = (rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  const steps = { 50: 0.92, 100: 0.8, 200: 0.62, 300: 0.45, 400: 0.22, 500: 0, 600: -0.15, 700: -0.3, 800: -0.45, 900: -0.6 };
  return Object.fromEntries(
    Object.entries(steps).map(([k, a]) => [k, toHex(a >= 0 ? [r, g, b].map((c) => mix(c, 255, a)) : [r, g, b].map((c) => mix(c, 0, -a)))]),
  );
}

/**
 * @param {StoreId} project
 * @param {Rng} rng
 */
export function buildConfig(project, rng) {
  const info = STORE_INFO[project];
  const name = PROJECTS[project].name;
  const domain = PROJECTS[project].domain;
  const own = STOCKS[project].filter((s) => s.own).map((s) => ({ stock: s.id }));
  const all = STOCKS[project].map((s) => ({ stock: s.id }));
  /** @param {string} label @param {number} [n] */
  const sandbox = (label, n = 24) => `sandbox-${label}-${rng.hex(n)}`;
  /** @param {string} n @param {string} [type] */
  const logo = (n, type = 'image/svg+xml') => fileObject(rng, { project, folder: 'brand', name: n, title: `${name} — ${n}`, width: 512, height: 512, type });
  const bearer = () => ({
    accessToken: sandbox('bling-access', 32),
    expiresIn: 21600,
    tokenType: 'Bearer',
    scope: 'produtos pedidos.vendas estoques',
    refreshToken: sandbox('bling-refresh', 32),
  });
  /** @param {number} minValue @param {number} maxQty @param {number} monthsFree */
  const installment = (minValue, maxQty, monthsFree) => ({
    minValue,
    maxQty,
    fees: Array.from({ length: maxQty }, (_, i) => ({
      month: i + 1,
      fee: i + 1 <= monthsFree ? 0 : round2(1.99 + (i + 1 - monthsFree) * 1.15),
      forceFee: false,
    })),
  });
  const updatedAt = ts(Date.parse('2026-09-15T12:00:00Z') + rng.int(0, 60) * DAY);

  return {
    store: {
      name,
      companyName: info.companyName,
      taxvat: cnpj(rng),
      foundationYear: info.foundationYear,
      domain,
      email: info.email,
      phone: info.phone,
      whatsapp: info.whatsapp,
      reclameaqui: `https://www.reclameaqui.com.br/empresa/${project}-demo/`,
      mercadolivre: `https://lista.mercadolivre.com.br/_CustId_${rng.digits(9)}`,
      shopee: `https://shopee.com.br/${project}.demo`,
      instagram: `https://instagram.com/${info.handle}`,
      youtube: `https://youtube.com/@${info.handle}`,
      tiktok: `https://tiktok.com/@${info.handle}`,
      facebook: `https://facebook.com/${info.handle}`,
      categoryRoot: 'departamentos',
      contentRoot: 'home',
      address: info.address,
      brand: {
        squareLogoSvg: logo('logo-quadrado'),
        horizontalLogoSvg: logo('logo-horizontal'),
        squareSymbolSvg: logo('simbolo'),
        horizontalLogoPng: logo('logo-horizontal-png', 'image/png'),
        favicon: logo('favicon', 'image/png'),
      },
      updatedAt,
    },
    layout: {
      popup: {
        visible: true,
        banner: fileObject(rng, { project, folder: 'layout', name: 'popup-cadastro', title: 'Popup de cadastro', width: 350, height: 400 }),
        coupon: project === 'main' ? 'BEMVINDO10' : 'COOK10',
        emailTemplateId: 'boas-vindas',
        fields: { email: true, phoneNumber: true },
      },
      product: {
        visible: true,
        coupon: project === 'main' ? 'PIX5' : 'COOKPIX',
        couponFlag: fileObject(rng, { project, folder: 'layout', name: 'selo-cupom', title: 'Selo do cupom', width: 184, height: 66, type: 'image/png' }),
        couponDescription: '5% de desconto no Pix',
      },
      primaryColor: shades(info.colors.primary),
      secondaryColor: shades(info.colors.secondary),
      updatedAt,
    },
    blog: { name: `Blog ${name}`, description: 'Dicas, receitas e guias de compra para a sua cozinha.', slug: 'blog', updatedAt },
    erp: { provider: 'bling', updatedAt },
    conversation: {
      tags: [
        { title: 'Pré-venda', color: '#2563eb' },
        { title: 'Pós-venda', color: '#16a34a' },
        { title: 'Troca/Devolução', color: '#dc2626' },
        { title: 'Atraso na entrega', color: '#ea580c' },
        { title: 'B2B', color: '#7c3aed' },
      ],
      updatedAt,
    },
    bling: {
      apiKey: sandbox('bling-apikey'),
      clientId: sandbox('bling-client', 16),
      clientSecret: sandbox('bling-secret', 32),
      bearer: bearer(),
      accounts: [
        {
          description: 'Conta Principal',
          storeCode: String(203_000_000 + rng.int(1000, 9999)),
          apiKey: sandbox('bling-apikey-principal'),
          clientId: sandbox('bling-client-principal', 16),
          clientSecret: sandbox('bling-secret-principal', 32),
          sellerId: String(rng.int(10_000_000, 19_999_999)),
          bearer: bearer(),
          orderPaymentMethod: 'Pagamento online',
          orderShippingAlias: 'Frenet',
          orderStockStatus: own.map(({ stock }, i) => ({ stock, idStatus: String(9 + i * 6) })),
          stocks: own,
        },
        {
          description: 'Conta Marketplace',
          storeCode: String(204_000_000 + rng.int(1000, 9999)),
          apiKey: sandbox('bling-apikey-marketplace'),
          clientId: sandbox('bling-client-marketplace', 16),
          clientSecret: sandbox('bling-secret-marketplace', 32),
          sellerId: String(rng.int(20_000_000, 29_999_999)),
          bearer: bearer(),
          orderPaymentMethod: 'Marketplace',
          orderShippingAlias: 'Mercado Envios',
          orderStockStatus: [{ stock: own[0].stock, idStatus: '15' }],
          stocks: all,
        },
      ],
      updatedAt,
    },
    shipping: { providers: [{ provider: 'frenet' }, { provider: 'kangu' }], updatedAt },
    frenet: {
      endpoint: 'https://sandbox.frenet.demo.test/shipping/quote',
      accounts: [
        { description: 'Frenet — estoque próprio', apiKey: sandbox('frenet-proprio'), stocks: own },
        { description: 'Frenet — fornecedores', apiKey: sandbox('frenet-fornecedores'), stocks: all.filter((s) => !own.some((o) => o.stock === s.stock)) },
      ],
      updatedAt,
    },
    kangu: {
      endpoint: 'https://sandbox.kangu.demo.test/tms/transporte/simular',
      accounts: [{ description: 'Kangu — principal', token: sandbox('kangu'), stocks: own }],
      updatedAt,
    },
    // One entry per method; an empty provider leaves the method off the checkout.
    payment: {
      custom: { provider: '' },
      free: { provider: 'free' },
      boletoFaturado: { provider: project === 'main' ? 'custom' : '' },
      creditCardLink: { provider: 'belluno' },
      creditCard: { provider: 'mercadopago' },
      boleto: { provider: 'asaas' },
      pix: { provider: project === 'main' ? 'mercadopago' : 'asaas' },
      pixParcelado: { provider: project === 'cookstore' ? 'pagaleve' : '' },
      updatedAt,
    },
    checkout: {
      billingAddressDescription: 'Informe o endereço que deve constar na nota fiscal.',
      hideBillingAddress: project === 'cookstore',
      additionalTransactionalEmail: project === 'main' ? 'pedidos@lojaprincipal.demo.test, financeiro@lojaprincipal.demo.test' : 'pedidos@cookstore.demo.test',
      updatedAt,
    },
    pagaleve: { username: `${project}-sandbox`, password: sandbox('pagaleve', 16), provider: 'pagaleve', updatedAt },
    mercadopago: {
      publicKey: `TEST-${rng.hex(8)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(12)}`,
      accessToken: sandbox('mercadopago-access', 32),
      clientId: String(rng.int(1_000_000_000, 1_999_999_999)),
      clientSecret: sandbox('mercadopago-secret', 32),
      endpoint: 'https://sandbox.mercadopago.demo.test/v1',
      providerBackup: 'asaas',
      installment: installment(100, 12, project === 'main' ? 6 : 10),
      updatedAt,
    },
    asaas: {
      apiKey: sandbox('asaas', 32),
      endpoint: 'https://sandbox.asaas.demo.test/api/v3',
      providerBackup: 'mercadopago',
      installment: installment(100, 10, 3),
      accounts: [
        {
          description: 'Asaas — loja',
          apiKey: sandbox('asaas-loja', 32),
          walletId: `${rng.hex(8)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(12)}`,
          forceTransaction: false,
          paymentMethods: ['pix', 'boleto'],
          stocks: own,
        },
        {
          description: 'Asaas — fornecedor Tramontina',
          apiKey: sandbox('asaas-tramontina', 32),
          walletId: `${rng.hex(8)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(12)}`,
          forceTransaction: true,
          paymentMethods: ['pix', 'boleto', 'creditCard'],
          stocks: [{ stock: 'tramontina-rs' }],
        },
      ],
      updatedAt,
    },
    belluno: {
      token: sandbox('belluno', 32),
      kondutoPublicToken: sandbox('konduto-public', 16),
      endpoint: 'https://sandbox.belluno.demo.test/v2',
      providerBackup: 'mercadopago',
      installment: installment(150, 12, 6),
      updatedAt,
    },
    'payment-custom': {
      title: 'Pagamento na retirada',
      description: 'Pague com cartão ou dinheiro ao retirar o pedido na loja.',
      showInstallments: false,
      onlyAdmin: true,
      installment: installment(0, 1, 1),
      updatedAt,
    },
    sendgrid: {
      email: `naoresponda@${PROJECTS[project].domains[0]}`,
      emailReply: info.email,
      template: { orderPurchase: `d-${rng.hex(32)}` },
      updatedAt,
    },
    customerio: { workspaceTrackKey: sandbox('customerio', 20), siteId: rng.hex(20), anonymousTrack: true, updatedAt },
    googleanalytics: {
      accounts: [
        { type: 'ga4', property: `G-${rng.hex(10).toUpperCase()}`, propertyId: String(rng.int(300_000_000, 499_999_999)) },
        { type: 'ua', property: `UA-${rng.int(10_000_000, 99_999_999)}-1`, propertyId: String(rng.int(100_000_000, 199_999_999)) },
      ],
      updatedAt,
    },
    googleads: {
      accounts: [{ customerId: `${rng.digits(3)}-${rng.digits(3)}-${rng.digits(4)}`, merchantId: rng.digits(9), apiKey: sandbox('googleads') }],
      conversions: { purchase: `AW-${rng.digits(10)}/${rng.hex(16)}`, add_to_cart: `AW-${rng.digits(10)}/${rng.hex(16)}` },
      updatedAt,
    },
    metaads: {
      pixels: [{ id: rng.digits(15), conversionAccessToken: sandbox('meta-capi', 40) }],
      adAccountId: `act_${rng.digits(15)}`,
      mediaAccessToken: sandbox('meta-media', 40),
      updatedAt,
    },
    waba: {
      wabaToken: sandbox('waba', 40),
      wabaId: project === 'main' ? '100000000000001' : '100000000000002',
      wabaPhoneNumberId: rng.digits(15),
      wabaPhoneNumber: info.whatsapp,
      // Status webhooks: the Meta app's secret (signatures) and the handshake's verify token; fixed
      // strings, not drawn from rng, so the values after them keep their place in the stream.
      wabaAppSecret: `sandbox-waba-app-secret-${project}`,
      wabaVerifyToken: `sandbox-waba-verify-${project}`,
      // The test message's recipient (issue 16: a project setting, not a hard-coded number).
      wabaTestPhoneNumber: project === 'main' ? '+5511999990001' : '+5554999990002',
      updatedAt,
    },
    hotjar: { siteId: String(rng.int(3_000_000, 3_999_999)), updatedAt },
    tramontina: {
      tstock: { user: `${project}.tstock`, password: sandbox('tstock', 12) },
      webservice: { user: `${project}.ws`, password: sandbox('tramontina-ws', 12) },
      updatedAt,
    },
    bunny: bunnyLibrary({
      libraryId: String(rng.int(100_000, 999_999)),
      pullZone: `${project}-demo`,
      cdnHostname: `${project}-demo.b-cdn.demo.test`,
      apiKey: sandbox('bunny', 32),
      streamAuthKey: sandbox('bunny-stream', 32),
      updatedAt,
    }),
    expo: { notificationAccessToken: sandbox('expo', 32), updatedAt },
  };
}

/**
 * A library's config with its Read-Only API key (Bunny signs webhooks with it), derived from the
 * API key rather than drawn: a draw would shift every later value of the seed.
 * @template {{ apiKey: string }} T
 * @param {T} library
 */
function bunnyLibrary(library) {
  return { ...library, readOnlyApiKey: `sandbox-bunny-read-only-${createHash('sha256').update(library.apiKey).digest('hex').slice(0, 32)}` };
}
