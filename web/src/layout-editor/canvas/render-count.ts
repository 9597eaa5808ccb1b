/**
 * How many times canvas node components rendered: read by the benchmark (bench/layout-editor) and
 * by tests to check that a property change redraws a constant few nodes and zoom or pan none.
 */
export const nodeRenders = { count: 0 };
