import { FILE_TEXTS } from './texts';

/**
 * The state of one file slot (a widget or a list item's upload): what it is busy with, the short
 * notice that clears after 2 s ('Arquivo enviado', 'URL copiada!') and an error that stays until
 * the next action. A reducer, so the widgets only dispatch.
 */
export interface SlotState {
  phase: 'idle' | 'downloading' | 'uploading' | 'registering' | 'cdn';
  percent: number;
  notice: string | null;
  error: string | null;
}

export type SlotEvent =
  | { type: 'download' }
  | { type: 'upload'; percent: number }
  | { type: 'register' }
  | { type: 'cdn'; percent: number }
  | { type: 'done'; notice?: string }
  /** Upload errors are only logged and the slot is cleared (document 1 §8). */
  | { type: 'cleared' }
  | { type: 'error'; message: string }
  /** The operator moved on (edited or closed the URL): the error goes. */
  | { type: 'dismiss' }
  | { type: 'notice'; text: string }
  /** The 2 s timer: clears the notice only if it is still the one it was set for. */
  | { type: 'expire'; text: string };

export const IDLE_SLOT: SlotState = { phase: 'idle', percent: 0, notice: null, error: null };

/** How long a notice stays (document 1 §2 'Copy confirmation, shown for 2 s'; §4 'Upload'). */
export const NOTICE_MS = 2000;

export function slotReducer(state: SlotState, event: SlotEvent): SlotState {
  switch (event.type) {
    case 'download':
      return { phase: 'downloading', percent: 0, notice: null, error: null };
    case 'upload':
      return { phase: 'uploading', percent: event.percent, notice: null, error: null };
    case 'register':
      return { ...state, phase: 'registering', percent: 100 };
    case 'cdn':
      return { phase: 'cdn', percent: event.percent, notice: null, error: null };
    case 'done':
      return { phase: 'idle', percent: 0, notice: event.notice ?? FILE_TEXTS.uploaded, error: null };
    case 'cleared':
      return { ...IDLE_SLOT };
    case 'error':
      return { phase: 'idle', percent: 0, notice: null, error: event.message };
    case 'dismiss':
      return state.error === null ? state : { ...state, error: null };
    case 'notice':
      return { ...state, notice: event.text };
    case 'expire':
      return state.notice === event.text ? { ...state, notice: null } : state;
  }
}

export function isBusy(state: SlotState): boolean {
  return state.phase !== 'idle';
}

/** The line shown under the slot while it works, or its notice. */
export function slotMessage(state: SlotState): string | null {
  switch (state.phase) {
    case 'downloading':
      return FILE_TEXTS.downloading;
    case 'uploading':
      return FILE_TEXTS.uploading(state.percent);
    case 'registering':
      return FILE_TEXTS.registering;
    case 'cdn':
      return FILE_TEXTS.sendingToCdn(state.percent);
    case 'idle':
      return state.notice;
  }
}
