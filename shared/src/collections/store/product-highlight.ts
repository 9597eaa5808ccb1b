import type { StructField } from '../../fields/types.js';

/** The product shown in evidence on a list or group: its code and the picture to use. */
export const productHighlightField: StructField = {
  name: 'highlight',
  title: 'Destaque',
  type: 'struct',
  fields: [
    { name: 'ProductCode', title: 'Código do produto', type: 'text' },
    { name: 'image', title: 'Imagem', type: 'image' },
  ],
};
