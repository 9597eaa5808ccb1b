export { DataTable, type DataTableColumn, type DataTableProps } from './DataTable';
export * from './table-model';
