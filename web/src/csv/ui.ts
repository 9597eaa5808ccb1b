// The CSV feature's buttons, for a collection's list.
export { CsvExportButton } from './components/csv-export-button';
export { CsvImportButton } from './components/csv-import-dialog';
