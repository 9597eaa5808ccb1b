export { DataTable, type DataTableColumn } from './DataTable';
export * from './table-model';
