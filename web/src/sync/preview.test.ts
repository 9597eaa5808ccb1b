import { describe, expect, it } from 'vitest';
import { previewPins, previewValue, type SyncPreview } from './preview';

describe("the bulk sync's preview", () => {
  const preview: SyncPreview = {
    text: '10437899\n99999999',
    products: [
      { code: '10437899', status: 'ok', version: 'abcdef0123456789', changes: [], overridesKept: [], held: [], product: 'unchanged' },
      { code: '99999999', status: 'error', message: 'Warehouse: nenhum dado' },
    ],
  };

  it('pins the previewed versions only while the list on screen is the one previewed', () => {
    expect(previewPins(preview, preview.text)).toEqual(new Map([['10437899', 'abcdef0123456789']]));
    expect(previewPins(preview, '10437899')).toBeUndefined();
    expect(previewPins(null, preview.text)).toBeUndefined();
  });

  it('shows values as an operator reads them', () => {
    expect(previewValue(1234.5)).toBe('1.234,5');
    expect(previewValue(null)).toBe('—');
    expect(previewValue({ sp: { qty: 3 } })).toBe('{"sp":{"qty":3}}');
  });
});
