// What each benchmark page (bench/<name>/page.tsx) puts on `window` for its runner
// (bench/<name>.mjs) to call through page.evaluate. A page holds one of these; a runner only
// touches its own page's part.

/** bench/document-form/page.tsx */
interface DocumentFormBench {
  fieldCount: number;
  /** Mounts a fresh form with its data; ms until that frame is painted. */
  open(): Promise<number>;
  /** ms from each keydown to the next paint. */
  keystrokes: number[];
}

/** bench/conditions/page.tsx */
interface ConditionsBench {
  nodes: number;
  openMs: number;
  keystrokes: number[];
  renders: number[];
}

/** bench/layout-editor/page.tsx */
interface LayoutEditorBench {
  /** Opens a layout of `count` nodes with a container's className input focused. */
  prepareTyping(count: number): Promise<void>;
  nodeRenders(): number;
  mount(count: number, toolsHidden?: boolean): Promise<number>;
  mountBare(count: number): Promise<number>;
  operations(count: number, runs: number): Record<string, number[]>;
  renders(count: number): Promise<{ property: number; zoom: number; pan: number; nodes: number }>;
}

interface Window {
  bench: DocumentFormBench & ConditionsBench & LayoutEditorBench;
}
