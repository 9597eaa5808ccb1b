import type { StructField } from '../../fields/types.js';
import { FIELD_COMPONENTS } from '../components.js';
import { defineSettings } from '../define.js';
import { stocksField } from './stock-list.js';

/**
 * OAuth token set Bling hands back; refreshed by the functions, rarely typed by hand. Titled apart
 * from its own 'Token de acesso' field, so the screen never shows the same words twice (issue 32).
 */
const bearerField: StructField = {
  name: 'bearer',
  title: 'Autorização OAuth do Bling',
  type: 'struct',
  fields: [
    { name: 'accessToken', title: 'Token de acesso', type: 'text', secret: true },
    { name: 'expiresIn', title: 'Expira em (segundos)', type: 'number' },
    { name: 'tokenType', title: 'Tipo do token', type: 'text' },
    { name: 'scope', title: 'Escopo', type: 'text' },
    { name: 'refreshToken', title: 'Token de renovação', type: 'text', secret: true },
  ],
};

export const blingSettings = defineSettings({
  id: 'bling',
  title: 'Bling',
  fields: [
    // Reads config/bling itself (every account's bearer) and starts 'Conectar Bling'; writes nothing.
    { name: 'connections', title: 'Conexões Bling', type: 'component', component: FIELD_COMPONENTS.blingConnections },
    { name: 'apiKey', title: 'Chave de API', type: 'text', secret: true },
    { name: 'clientId', title: 'ID do cliente', type: 'text' },
    { name: 'clientSecret', title: 'Segredo do cliente', type: 'text', secret: true },
    bearerField,
    {
      name: 'accounts',
      title: 'Contas',
      type: 'array_struct',
      fields: [
        { name: 'description', title: 'Descrição', type: 'text' },
        // Bling's limits (3/s, 120 000/day) are per Bling account: entries that are the same company share one pace.
        { name: 'accountId', title: 'ID da conta no Bling (contas com o mesmo ID dividem os limites do Bling)', type: 'text' },
        { name: 'storeCode', title: 'Código da loja', type: 'text' },
        { name: 'apiKey', title: 'Chave de API', type: 'text', secret: true },
        { name: 'clientId', title: 'ID do cliente', type: 'text' },
        { name: 'clientSecret', title: 'Segredo do cliente', type: 'text', secret: true },
        { name: 'sellerId', title: 'ID do vendedor', type: 'text' },
        bearerField,
        { name: 'orderPaymentMethod', title: 'Forma de pagamento dos pedidos', type: 'text' },
        { name: 'orderShippingAlias', title: 'Apelido do frete dos pedidos', type: 'text' },
        {
          name: 'orderStockStatus',
          title: 'Situação do pedido por estoque',
          type: 'array_struct',
          fields: [
            { name: 'stock', title: 'Estoque', type: 'select_nested', collection: 'stock' },
            { name: 'idStatus', title: 'ID da situação', type: 'text' },
          ],
        },
        stocksField(),
      ],
    },
  ],
});
