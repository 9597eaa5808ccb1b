/** What a warehouse table declares (tables.ts, customer-tables.ts). */
export type ColumnKind = 'string' | 'number';

export interface TableDeclaration {
  /** What a row is, and what its id is. */
  readonly description: string;
  /** Extra columns (snake_case SQL names), nullable, beside the base columns. */
  readonly columns: Readonly<Record<string, ColumnKind>>;
}
