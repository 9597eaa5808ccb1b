import { options } from '../fields/builders.js';
import type { SelectField, StructField } from '../fields/types.js';

/** The 27 Brazilian federative units (26 states and the Federal District), as stored in `state`. */
export const BRAZILIAN_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

export const stateField = (name = 'state', title = 'UF'): SelectField => ({
  name,
  title,
  type: 'select',
  options: options(BRAZILIAN_STATES),
});

/** A Brazilian postal address, shared by the store settings and each stock location. */
export const addressField: StructField = {
  name: 'address',
  title: 'Endereço',
  type: 'struct',
  fields: [
    { name: 'zipcode', title: 'CEP', type: 'text' },
    { name: 'street01', title: 'Logradouro', type: 'text' },
    { name: 'street02', title: 'Bairro', type: 'text' },
    { name: 'number', title: 'Número', type: 'text' },
    { name: 'complement', title: 'Complemento', type: 'text' },
    { name: 'city', title: 'Cidade', type: 'text' },
    stateField(),
  ],
};
