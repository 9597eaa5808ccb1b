import { addressField } from '../../address.js';
import { defineSettings } from '../../define.js';
import { storeBrandField, storeContactFields } from '../../settings/store.js';

/** Document 3's store screen: no category or content roots, as cdlbox has neither collection. */
export const cdlboxStoreSettings = defineSettings({
  id: 'store',
  title: 'Loja',
  fields: [...storeContactFields, addressField, storeBrandField],
});
