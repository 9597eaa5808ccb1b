import { describe, expect, it } from 'vitest';
import { IDLE_SLOT, isBusy, slotMessage, slotReducer, type SlotEvent, type SlotState } from './slot-state';

const run = (events: SlotEvent[], from: SlotState = IDLE_SLOT) => events.reduce(slotReducer, from);

describe('file slot', () => {
  it('shows the percent while uploading, then the registration, then the notice that expires', () => {
    const uploading = run([
      { type: 'upload', percent: 0 },
      { type: 'upload', percent: 42 },
    ]);
    expect(slotMessage(uploading)).toBe('Enviando… 42%');
    expect(isBusy(uploading)).toBe(true);
    const registering = slotReducer(uploading, { type: 'register' });
    expect(slotMessage(registering)).toBe('Registrando…');
    const done = slotReducer(registering, { type: 'done' });
    expect(slotMessage(done)).toBe('Arquivo enviado');
    expect(isBusy(done)).toBe(false);
    expect(slotMessage(slotReducer(done, { type: 'expire', text: 'Arquivo enviado' }))).toBeNull();
  });

  it('keeps a newer notice when an older one expires', () => {
    const copied = run([{ type: 'done' }, { type: 'notice', text: 'URL copiada!' }]);
    expect(slotReducer(copied, { type: 'expire', text: 'Arquivo enviado' })).toBe(copied);
    expect(slotMessage(slotReducer(copied, { type: 'expire', text: 'URL copiada!' }))).toBeNull();
  });

  it('clears the slot after an upload error, with no message (document 1 §8)', () => {
    const cleared = run([{ type: 'upload', percent: 10 }, { type: 'cleared' }]);
    expect(cleared).toEqual(IDLE_SLOT);
    expect(slotMessage(cleared)).toBeNull();
  });

  it('keeps a download error until the next action', () => {
    const failed = run([{ type: 'download' }, { type: 'error', message: 'Erro X' }]);
    expect(failed.error).toBe('Erro X');
    expect(isBusy(failed)).toBe(false);
    expect(slotMessage(slotReducer(failed, { type: 'download' }))).toBe('Baixando…');
    expect(slotReducer(failed, { type: 'download' }).error).toBeNull();
    expect(slotReducer(failed, { type: 'dismiss' }).error).toBeNull();
    const idle = run([{ type: 'done' }]);
    expect(slotReducer(idle, { type: 'dismiss' })).toBe(idle);
  });

  it('shows the CDN upload percent', () => {
    expect(slotMessage(run([{ type: 'cdn', percent: 7 }]))).toBe('Enviando para o CDN… 7%');
  });
});
