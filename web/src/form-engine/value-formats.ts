// The form engine's value conversions other features use (display, rich text, JSON, dates, keys):
// an entry of its own, apart from index.ts, so importing one conversion never pulls the form.
export { summarizeValue, toDisplayJson } from './values/display-json';
export { sanitizeRichText } from './values/rich-text';
export { reviveTimestamps } from './values/json-text';
export { toDate } from './values/timestamps';
export { fieldKey, isPlainObject } from './values/field-key';
