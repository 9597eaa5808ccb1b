// Demo seed (events.mjs): customer events (the feed).
import { DAY, HOUR, MINUTE, NOW, slugify, ts } from './values.mjs';
import { CITIES, PROJECTS } from './reference.mjs';
import { LAYOUT_RULES, SOUTH_SOUTHEAST } from './stores.mjs';
/** @import { Rng } from './random.mjs' */
/** @import { Customer, Product, StoreId } from './types.js' */

const SEARCH_TERMS = [
  'panela inox',
  'air fryer',
  'faqueiro',
  'churrasqueira',
  'cuba gourmet',
  'faca do chef',
  'lixeira inox',
  'torneira gourmet',
  'panela de pressão',
  'tábua de corte',
  'liquidificador',
  'tramontina solar',
];
/** @type {[device: { type: string, brand: string }, weight: number][]} */
const DEVICES = [
  [{ type: 'smartphone', brand: 'Apple' }, 18],
  [{ type: 'smartphone', brand: 'Samsung' }, 22],
  [{ type: 'smartphone', brand: 'Motorola' }, 12],
  [{ type: 'smartphone', brand: 'Xiaomi' }, 8],
  [{ type: 'desktop', brand: '' }, 34],
  [{ type: 'tablet', brand: 'Apple' }, 4],
  [{ type: 'tablet', brand: 'Samsung' }, 2],
];
const BOTS = ['Googlebot', 'bingbot', 'facebookexternalhit'];

/** @param {string} zip */
function zipRegion(zip) {
  const n = Number(zip.slice(0, 2));
  if (n < 20) return 'SP';
  if (n < 29) return 'RJ';
  if (n < 30) return 'ES';
  if (n < 40) return 'MG';
  if (n < 49) return 'BA';
  if (n < 50) return 'SE';
  if (n < 57) return 'PE';
  if (n < 60) return 'RN';
  if (n < 64) return 'CE';
  if (n < 70) return 'PA';
  if (n < 73) return 'DF';
  if (n < 77) return 'GO';
  if (n < 80) return 'MS';
  if (n < 88) return 'PR';
  if (n < 90) return 'SC';
  return 'RS';
}

/**
 * @param {StoreId} project
 * @param {Customer[]} customers
 * @param {Product[]} products
 * @param {Rng} rng
 * @param {number} count
 */
export function buildCustomerEvents(project, customers, products, rng, count) {
  const domain = PROJECTS[project].domain;
  const rules = LAYOUT_RULES[project].filter((r) => !r.inactive);
  const salable = products.filter((p) => p.Salable === 'S');
  const windowStart = NOW - 7 * DAY;
  /** @param {Product} p */
  const productUrl = (p) => `https://${domain}/p/${p.ProductCode}/${slugify(p.ProductSiteName)}`;

  /** @type {{ id: string, [field: string]: unknown }[]} */
  const events = [];
  while (events.length < count) {
    const isBot = rng.chance(0.07);
    const known = !isBot && rng.chance(0.6);
    const customer = known ? rng.pick(customers) : null;
    const city = customer ? customer.city : rng.weighted(CITIES.map((c) => /** @type {const} */ ([c, c.weight])));
    const customerId = customer ? customer.id : `anon-${rng.hex(12)}`;
    const device = isBot ? { bot: { name: rng.pick(BOTS) }, device: { type: 'bot', brand: '' } } : { bot: { name: '' }, device: rng.weighted(DEVICES) };
    const about = isBot
      ? { ip: `66.249.${rng.int(64, 95)}.${rng.int(1, 254)}`, ipCity: 'Mountain View', ipRegion: 'CA' }
      : { ip: `${city.ip}${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`, ipCity: city.city, ipRegion: city.state };
    // Evenings are busier than early mornings.
    const day = rng.int(0, 6);
    const hour = rng.weighted([...Array(24).keys()].map((h) => /** @type {const} */ ([h, h < 7 ? 1 : h < 12 ? 4 : h < 18 ? 5 : h < 23 ? 8 : 3])));
    let t = windowStart + day * DAY + (hour + 3) * HOUR + rng.int(0, 59) * MINUTE + rng.int(0, 59) * 1000; // BRT = UTC-3
    if (t > NOW - 2 * HOUR) t -= DAY;
    let zipcode = customer && rng.chance(0.6) ? customer.zipcode : null;
    let firstView = true;

    /** @type {{ action: string, url: string, product?: Product, search?: string }[]} */
    const steps = [];
    const entry = rng.weighted([
      ['home', 4],
      ['category', 3],
      ['search', 3],
      ['product', 4],
    ]);
    const interest = rng.pick(salable);
    if (entry === 'home') steps.push({ action: 'page_view', url: `https://${domain}/` });
    if (entry === 'category') steps.push({ action: 'page_view', url: `https://${domain}/c/${interest.category}` });
    if (entry === 'search' && !isBot) {
      const term = rng.pick(SEARCH_TERMS);
      steps.push({ action: 'search', url: `https://${domain}/busca?q=${encodeURIComponent(term).replace(/%20/g, '+')}`, search: term });
    }
    const viewed = [
      interest,
      ...rng.sample(
        salable.filter((p) => p.category === interest.category && p !== interest),
        rng.int(0, 2),
      ),
    ];
    viewed.forEach((p, i) => {
      // Between products the visitor goes back to the category listing now and then.
      if (i > 0 && rng.chance(0.5)) steps.push({ action: 'page_view', url: `https://${domain}/c/${p.category}` });
      steps.push({ action: 'view_item', url: productUrl(p), product: p });
    });
    if (!isBot && rng.chance(0.3)) {
      if (!zipcode) zipcode = city.zip[0] + rng.digits(6);
      steps.push({ action: 'shipping_quote', url: productUrl(interest), product: interest });
    }
    if (!isBot && rng.chance(0.45)) {
      steps.push({ action: 'add_to_cart', url: productUrl(interest), product: interest });
      steps.push({ action: 'page_view', url: `https://${domain}/carrinho` });
      if (rng.chance(0.6)) {
        steps.push({ action: 'begin_checkout', url: `https://${domain}/checkout`, product: interest });
        if (!zipcode) zipcode = customer ? customer.zipcode : city.zip[0] + rng.digits(6);
        if (rng.chance(0.7))
          steps.push({ action: 'purchase', url: `https://${domain}/checkout/sucesso?pedido=${rng.int(150_000, 199_999)}`, product: interest });
      }
    }

    for (const step of steps) {
      if (events.length >= count) break;
      t += rng.int(8, 240) * 1000;
      if (t >= NOW) break;
      const zipcodeRegion = zipcode ? zipRegion(zipcode) : null;
      const applied = rules.filter((rule) => {
        if (rule.kind === 'popup') return !customer && step.action === 'page_view' && firstView;
        if (rule.kind === 'shipping') return zipcodeRegion !== null && (rule.states ?? SOUTH_SOUTHEAST).includes(zipcodeRegion);
        if (rule.kind === 'price') return t >= Date.parse(rule.from) && Boolean(step.product);
        if (rule.kind === 'category') return step.product !== undefined && (step.product.section === rule.category || step.product.category === rule.category);
        return false;
      });
      if (step.action === 'page_view') firstView = false;
      const id = rng.autoId();
      events.push({
        id,
        project,
        projectId: project,
        customerId,
        action: step.action,
        location: { url: step.url },
        ProductCode: step.product ? step.product.ProductCode : null,
        search: step.search ?? null,
        zipcode,
        zipcodeRegion,
        device,
        about,
        layoutRules: applied.map((r) => ({ id: r.id, name: r.name })),
        createdAt: ts(t),
      });
    }
  }
  return Object.fromEntries(events.map((e) => [e.id, e]));
}
