// The sync feature's components, for the sync screen and the product panel's single-product sync.
export { ProductGrid } from './components/product-grid';
export { SingleProductSync } from './components/single-product-sync';
export { SyncOptionsPanel, type SyncOptions } from './components/sync-options';
export { SyncStats } from './components/sync-stats';
export { SyncPreviewPanel } from './components/sync-preview';
