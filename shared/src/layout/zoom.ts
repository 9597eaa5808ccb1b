/**
 * Canvas zoom (document 1 §9): step 0.1, minimum 0.2, reset to 100 %. Zoom is kept in whole tenths
 * so repeated steps never drift (0.1 + 0.2 !== 0.3) and the label reads a whole percentage.
 */
export const ZOOM_MIN = 0.2;
/** The spec names no maximum: 400 % keeps the canvas usable. */
export const ZOOM_MAX = 4;
export const ZOOM_RESET = 1;

const tenths = (zoom: number) => Math.round(zoom * 10);
const clampTenths = (t: number) => Math.min(tenths(ZOOM_MAX), Math.max(tenths(ZOOM_MIN), t));

export const zoomIn = (zoom: number): number => clampTenths(tenths(zoom) + 1) / 10;
export const zoomOut = (zoom: number): number => clampTenths(tenths(zoom) - 1) / 10;
export const zoomReset = (): number => ZOOM_RESET;
/** '100%', '20%', '130%'. */
export const zoomLabel = (zoom: number): string => `${Math.round(zoom * 100)}%`;
