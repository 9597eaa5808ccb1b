/**
 * The canvas's own styles, as one stylesheet: thousands of node wrappers with plain class names
 * mount several times faster than the same number of style-prop components (bench/layout-editor).
 * Each top-level node of the page (a section) skips its layout and paint while it is off screen
 * (content-visibility: auto; on the sections only, so the browser checks tens of boxes per frame,
 * not thousands), so opening and editing a page of thousands of nodes lays out what is in view;
 * its containment clips what a node draws outside its box (the move handle sits inside it).
 */
// The file icon is lucide's file-text drawn as a mask: one rule, not one SVG element per file node.
export const CANVAS_CSS = `
.le-node { position: relative; border-radius: 6px; outline: 1px solid transparent; outline-offset: 2px; }
.le-page > .le-node > .le-container > .le-node { content-visibility: auto; contain-intrinsic-size: auto 48px; }
.le-node:hover { outline-color: var(--chakra-colors-blue-200); }
.le-node[data-selected] { outline: 2px solid var(--chakra-colors-blue-500); }
.le-node[data-dragging] { opacity: 0.4; }
.le-handle { position: absolute; top: 2px; left: 2px; z-index: 1; width: 22px; height: 22px; display: grid; place-items: center; border-radius: 4px; background: var(--chakra-colors-blue-500); color: white; cursor: grab; touch-action: none; }
.le-handle:focus-visible { outline: 2px solid var(--chakra-colors-blue-700); outline-offset: 2px; }
.le-container { display: flex; flex-direction: column; gap: 12px; min-height: 48px; padding: 8px; border: 1px dashed var(--chakra-colors-gray-300); border-radius: 6px; position: relative; }
.le-href { font-size: 12px; color: var(--chakra-colors-blue-600); }
.le-empty { font-size: 12px; color: var(--chakra-colors-fg-muted); text-align: center; }
.le-text p { margin-bottom: 8px; }
.le-text ul, .le-text ol { padding-inline-start: 20px; }
.le-text ul { list-style: disc; }
.le-text ol { list-style: decimal; }
.le-placeholder { font-size: 14px; padding: 12px; border-radius: 6px; border: 1px dashed var(--chakra-colors-gray-300); color: var(--chakra-colors-fg-muted); }
.le-placeholder[data-tone="error"] { color: var(--chakra-colors-red-700); background: var(--chakra-colors-red-50); border-color: var(--chakra-colors-red-300); }
.le-image { max-width: 100%; display: block; }
.le-file { color: var(--chakra-colors-blue-600); text-decoration: underline; cursor: default; }
.le-file::before { content: ''; display: inline-block; width: 14px; height: 14px; margin-inline-end: 4px; vertical-align: -2px; background: currentColor; -webkit-mask: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M15 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7Z'/%3E%3Cpath d='M14 2v4a2 2 0 0 0 2 2h4'/%3E%3Cpath d='M10 9H8'/%3E%3Cpath d='M16 13H8'/%3E%3Cpath d='M16 17H8'/%3E%3C/svg%3E") center / contain no-repeat; mask: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M15 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7Z'/%3E%3Cpath d='M14 2v4a2 2 0 0 0 2 2h4'/%3E%3Cpath d='M10 9H8'/%3E%3Cpath d='M16 13H8'/%3E%3Cpath d='M16 17H8'/%3E%3C/svg%3E") center / contain no-repeat; }
`;
