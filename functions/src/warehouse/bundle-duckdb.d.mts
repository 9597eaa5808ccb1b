/** Writes <outDir>/duckdb-warehouse.mjs and returns its path. */
export function bundleDuckDbAdapter(outDir: any): Promise<any>;
/** Writes <outDir>/warehouse-server.mjs (server-main.ts: the local warehouse server process) and returns its path. */
export function bundleWarehouseServer(outDir: any): Promise<any>;
