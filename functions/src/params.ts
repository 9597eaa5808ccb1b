import { defineString } from 'firebase-functions/params';

/**
 * Every configuration parameter of the functions, declared once. Values come from
 * functions/.env.<project> (the local stack writes functions/.env.<demo project> with the
 * sandboxes' loopback URLs) or are prompted at deploy. Upstream credentials are not here: the spec
 * keeps them in admin-only config documents (config/bling accounts, config/tramontina).
 */
export const SUPER_PROJECT_ID = defineString('SUPER_PROJECT_ID', {
  default: 'main',
  description: 'Project id of the super-project (the main store that replicates to the others).',
});

/** Region of every function; Hosting's /api/** rewrite points at the same region (firebase.json). */
export const REGION = 'southamerica-east1';

// Upstream base URLs: production defaults, loopback sandboxes locally.
export const BLING_API_URL = defineString('BLING_API_URL', {
  default: 'https://api.bling.com.br/Api/v3',
  description: 'Bling ERP API v3 base URL.',
});
export const TRAMONTINA_WEBSERVICE_URL = defineString('TRAMONTINA_WEBSERVICE_URL', {
  default: 'https://webservice.tramontina.com.br',
  description: "Manufacturer's product web service base URL.",
});
export const TRAMONTINA_TSTOCK_URL = defineString('TRAMONTINA_TSTOCK_URL', {
  default: 'https://tstock.tramontina.com.br',
  description: "Manufacturer's stock system (TStock) base URL.",
});
export const FRANKE_STORE_URL = defineString('FRANKE_STORE_URL', {
  default: 'https://www.lojafranke.com.br',
  description: 'Franke store base URL.',
});
export const DOKA_SITE_URL = defineString('DOKA_SITE_URL', {
  default: 'https://www.doka.com.br',
  description: 'Doka site base URL.',
});
/** The four store sites of /api/sites/{site}/products, as JSON {site: baseUrl}. */
export const STORE_SITE_URLS = defineString('STORE_SITE_URLS', {
  default: JSON.stringify({
    cookstore: 'https://www.cookstore.com.br',
    centergarbin: 'https://www.centergarbin.com.br',
    excellenceshop: 'https://www.excellenceshop.com.br',
    cookeletroraro: 'https://www.cookeletroraro.com.br',
  }),
  description: 'Base URL of each store site, JSON {cookstore, centergarbin, excellenceshop, cookeletroraro}.',
});
/**
 * Bling store ids (`loja`) of each marketplace plus the update-store id, JSON
 * {shopee, amazon, magalu, madeiramadeira, updateStore}. The spec does not give the values.
 */
export const MARKETPLACE_STORE_IDS = defineString('MARKETPLACE_STORE_IDS', {
  default: JSON.stringify({ shopee: '203000001', amazon: '203000002', magalu: '203000003', madeiramadeira: '203000004', updateStore: '203000005' }),
  description: 'Bling store ids per marketplace, JSON {shopee, amazon, magalu, madeiramadeira, updateStore}.',
});
/** 'duckdb' (embedded, the local default) or 'bigquery' (production). */
export const WAREHOUSE = defineString('WAREHOUSE', {
  default: 'bigquery',
  description: "Warehouse adapter: 'bigquery' in production, 'duckdb' locally.",
});
export const BIGQUERY_DATASET = defineString('BIGQUERY_DATASET', {
  default: 'console',
  description: 'BigQuery dataset holding the warehouse tables.',
});
