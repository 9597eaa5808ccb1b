import type { StructField } from '../../fields/types.js';

/** Installment plan shared by every payment provider and the custom payment. */
export const installmentField: StructField = {
  name: 'installment',
  title: 'Parcelamento',
  type: 'struct',
  fields: [
    { name: 'minValue', title: 'Valor mínimo da parcela', type: 'number' },
    { name: 'maxQty', title: 'Máximo de parcelas', type: 'number' },
    {
      name: 'fees',
      title: 'Juros por parcela',
      type: 'array_struct',
      fields: [
        { name: 'month', title: 'Parcelas', type: 'number' },
        { name: 'fee', title: 'Juros (%)', type: 'number' },
        { name: 'forceFee', title: 'Forçar juros', type: 'checkbox' },
      ],
    },
  ],
};
