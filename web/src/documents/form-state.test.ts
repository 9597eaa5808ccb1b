import { describe, expect, it } from 'vitest';
import { staleKeys } from './stale-save';
import { formReducer, hasUnsavedChanges, initialFormState, nextSaveAt, nextSaveRequest, retryDelay, type FormAction, type FormState } from './form-state';

const stored = { title: 'Sobre nós', slug: 'sobre-nos', order: 1 };

function replay(actions: FormAction[], from: FormState = initialFormState): FormState {
  return actions.reduce(formReducer, from);
}

/** Loaded from Firestore and past the settle time. */
const ready = replay([{ type: 'loaded', data: stored, settle: true }, { type: 'settled' }]);

/** Runs one autosave the way the screen does: request, start, then the outcome. */
function save(state: FormState, outcome: FormAction): FormState {
  const request = nextSaveRequest(state);
  if (!request) throw new Error('nothing to save');
  return replay([{ type: 'save-started', request }, outcome], state);
}

describe('the document form autosave', () => {
  it('goes Salvo → Alterações pendentes → Salvando... → Salvo', () => {
    expect(ready.status).toBe('saved');
    const edited = formReducer(ready, { type: 'edited', key: 'title', value: 'Quem somos', at: 1000 });
    expect(edited.status).toBe('pending');
    expect(nextSaveAt(edited)).toBe(3000);
    const request = nextSaveRequest(edited)!;
    expect(request.keys).toEqual(['title']);
    const saving = formReducer(edited, { type: 'save-started', request });
    expect(saving.status).toBe('saving');
    expect(nextSaveAt(saving)).toBeNull();
    const saved = formReducer(saving, { type: 'save-succeeded', at: 3500 });
    expect(saved.status).toBe('saved');
    expect(saved.edited).toEqual([]);
    expect(hasUnsavedChanges(saved)).toBe(false);
  });

  it('waits 2000 ms after the last change, not the first', () => {
    const state = replay(
      [
        { type: 'edited', key: 'title', value: 'Q', at: 1000 },
        { type: 'edited', key: 'title', value: 'Qu', at: 1800 },
      ],
      ready,
    );
    expect(nextSaveAt(state)).toBe(3800);
  });

  it('ignores changes until the load has settled', () => {
    const loaded = formReducer(initialFormState, { type: 'loaded', data: stored, settle: true });
    const ignored = formReducer(loaded, { type: 'edited', key: 'title', value: 'normalised', at: 10 });
    expect(ignored).toBe(loaded);
    expect(ignored.status).toBe('saved');
    const fresh = formReducer(initialFormState, { type: 'loaded', data: {}, settle: false });
    expect(formReducer(fresh, { type: 'edited', key: 'title', value: 'x', at: 10 }).edited).toEqual(['title']);
  });

  it('keeps an edit made during the save pending, and saves it next', () => {
    let state = formReducer(ready, { type: 'edited', key: 'title', value: 'Quem', at: 0 });
    state = formReducer(state, { type: 'save-started', request: nextSaveRequest(state)! });
    state = formReducer(state, { type: 'edited', key: 'title', value: 'Quem somos', at: 2100 });
    expect(state.status).toBe('saving');
    state = formReducer(state, { type: 'save-succeeded', at: 2200 });
    expect(state.status).toBe('pending');
    expect(state.edited).toEqual(['title']);
    expect(nextSaveAt(state)).toBe(4100);
  });

  it('shows the stored value again for a key the server held (a price outside the guardrails), the other keys saved', () => {
    let state = formReducer(ready, { type: 'edited', key: 'order', value: 9, at: 0 });
    state = formReducer(state, { type: 'edited', key: 'title', value: 'Quem somos', at: 0 });
    state = save(state, { type: 'save-succeeded', at: 2500, held: ['order'] });
    expect(state.values.order).toBe(1);
    expect(state.values.title).toBe('Quem somos');
    expect(state.edited).toEqual([]);
    expect(state.status).toBe('saved');
    expect(state.written.order).toBeUndefined();
    expect(state.written.title).toEqual(['Quem somos']);
  });

  it('keeps a held key typed again during the save pending with the newer value', () => {
    let state = formReducer(ready, { type: 'edited', key: 'order', value: 9, at: 0 });
    state = formReducer(state, { type: 'save-started', request: nextSaveRequest(state)! });
    state = formReducer(state, { type: 'edited', key: 'order', value: 2, at: 2100 });
    state = formReducer(state, { type: 'save-succeeded', at: 2200, held: ['order'] });
    expect(state.values.order).toBe(2);
    expect(state.edited).toEqual(['order']);
    expect(state.status).toBe('pending');
  });

  it('keeps the edits of a failed save and tries again with backoff', () => {
    let state = formReducer(ready, { type: 'edited', key: 'title', value: 'Quem somos', at: 0 });
    state = save(state, { type: 'save-failed', message: 'Sem permissão', retry: true, at: 2500 });
    expect(state.status).toBe('failed');
    expect(state.values.title).toBe('Quem somos');
    expect(state.edited).toEqual(['title']);
    expect(state.error).toBe('Sem permissão');
    expect(nextSaveAt(state)).toBe(4500);
    state = save(state, { type: 'save-failed', message: 'Sem permissão', retry: true, at: 5000 });
    expect(nextSaveAt(state)).toBe(9000);
    expect(hasUnsavedChanges(state)).toBe(true);
    state = save(state, { type: 'save-succeeded', at: 9100 });
    expect(state.status).toBe('saved');
    expect(state.failures).toBe(0);
  });

  it('does not retry values that do not validate, until the next change', () => {
    let state = formReducer(ready, { type: 'edited', key: 'order', value: 'x', at: 0 });
    state = formReducer(state, { type: 'save-failed', message: 'Ordem: informe um número', retry: false, at: 2000 });
    expect(state.status).toBe('failed');
    expect(nextSaveAt(state)).toBeNull();
    state = formReducer(state, { type: 'edited', key: 'order', value: 2, at: 3000 });
    expect(state.status).toBe('pending');
    expect(state.error).toBeNull();
  });

  it('grows the retry delay up to a minute', () => {
    expect([1, 2, 3, 4, 10].map(retryDelay)).toEqual([2000, 4000, 8000, 16000, 60000]);
  });
});

describe('snapshots and the save lock', () => {
  it('applies another user’s change to untouched fields at once when no save is near', () => {
    let state = formReducer(ready, { type: 'edited', key: 'title', value: 'Meu', at: 0 });
    state = formReducer(state, { type: 'remote-changed', data: { ...stored, slug: 'quem-somos' }, at: 500 });
    expect(state.values).toEqual({ title: 'Meu', slug: 'quem-somos', order: 1 });
  });

  it('holds snapshots during a save and for 2 s after it, then applies the latest', () => {
    let state = formReducer(ready, { type: 'edited', key: 'title', value: 'Meu', at: 0 });
    state = formReducer(state, { type: 'save-started', request: nextSaveRequest(state)! });
    state = formReducer(state, { type: 'remote-changed', data: { ...stored, title: 'Meu', order: 2 }, at: 2100 });
    expect(state.values.order).toBe(1);
    state = formReducer(state, { type: 'save-succeeded', at: 2200 });
    state = formReducer(state, { type: 'remote-changed', data: { ...stored, title: 'Meu', order: 3 }, at: 3000 });
    expect(state.values.order).toBe(1);
    expect(formReducer(state, { type: 'lock-expired', at: 4000 }).values.order).toBe(1);
    state = formReducer(state, { type: 'lock-expired', at: 4200 });
    expect(state.values).toEqual({ title: 'Meu', slug: 'sobre-nos', order: 3 });
    expect(state.conflicts).toEqual({});
    expect(state.deferred).toBeNull();
  });

  it('does not take its own write, seen back while typing on, for a conflict', () => {
    let state = formReducer(ready, { type: 'edited', key: 'title', value: 'Quem', at: 0 });
    state = formReducer(state, { type: 'save-started', request: nextSaveRequest(state)! });
    state = formReducer(state, { type: 'edited', key: 'title', value: 'Quem somos', at: 2100 });
    state = formReducer(state, { type: 'save-succeeded', at: 2200 });
    state = formReducer(state, { type: 'remote-changed', data: { ...stored, title: 'Quem' }, at: 5000 });
    expect(state.conflicts).toEqual({});
    expect(state.values.title).toBe('Quem somos');
  });

  it('shows a conflict for a touched field, saves the other edits, and lets the user keep theirs', () => {
    let state = replay(
      [
        { type: 'edited', key: 'title', value: 'Meu título', at: 0 },
        { type: 'edited', key: 'order', value: 5, at: 0 },
        { type: 'remote-changed', data: { ...stored, title: 'Título dela' }, at: 100 },
      ],
      ready,
    );
    expect(state.conflicts).toEqual({ title: { remote: 'Título dela' } });
    expect(nextSaveRequest(state)?.keys).toEqual(['order']);
    state = save(state, { type: 'save-succeeded', at: 2500 });
    expect(state.status).toBe('pending');
    expect(nextSaveRequest(state)).toBeNull();
    state = formReducer(state, { type: 'conflict-resolved', key: 'title', keep: 'mine', at: 3000 });
    expect(nextSaveRequest(state)?.keys).toEqual(['title']);
    expect(nextSaveAt(state)).toBe(5000);
  });

  it('drops the edit when the user takes the remote value', () => {
    let state = replay(
      [
        { type: 'edited', key: 'title', value: 'Meu título', at: 0 },
        { type: 'remote-changed', data: { ...stored, title: 'Título dela' }, at: 100 },
        { type: 'conflict-resolved', key: 'title', keep: 'remote', at: 200 },
      ],
      ready,
    );
    expect(state.values.title).toBe('Título dela');
    expect(state.status).toBe('saved');
    state = formReducer(state, { type: 'conflict-resolved', key: 'title', keep: 'remote', at: 300 });
    expect(state.status).toBe('saved');
  });

  it('applies the held snapshot at once when the save fails', () => {
    let state = formReducer(ready, { type: 'edited', key: 'title', value: 'Meu', at: 0 });
    state = formReducer(state, { type: 'save-started', request: nextSaveRequest(state)! });
    state = formReducer(state, { type: 'remote-changed', data: { ...stored, order: 9 }, at: 2100 });
    state = formReducer(state, { type: 'save-failed', message: 'x', retry: true, at: 2200 });
    expect(state.values).toEqual({ title: 'Meu', slug: 'sobre-nos', order: 9 });
    expect(state.conflicts).toEqual({});
  });
});

describe('a save built on a stale copy (issue 22)', () => {
  it('checks each key against the copy it was made on: a key changed elsewhere is not written and becomes a conflict', () => {
    const edited = replay(
      [
        { type: 'edited', key: 'title', value: 'Sugestão da IA', at: 1000 },
        { type: 'edited', key: 'order', value: 2, at: 1000 },
      ],
      ready,
    );
    const request = nextSaveRequest(edited)!;
    expect(request.base).toEqual(stored);
    // Someone saved a newer title the lagging listener has not brought yet.
    const now = { ...stored, title: 'Título mais novo' };
    const conflicts = staleKeys(request, now);
    expect(conflicts).toEqual({ title: 'Título mais novo' });
    const after = save(edited, { type: 'save-succeeded', at: 3000, conflicts });
    expect(after.conflicts).toEqual({ title: { remote: 'Título mais novo' } });
    expect(after.edited).toEqual(['title']);
    expect(after.values.title).toBe('Sugestão da IA');
    expect(after.status).toBe('pending');
    expect(nextSaveRequest(after)).toBeNull();
    // 'Usar o valor remoto' takes the newer value the save found, even before the listener brings it.
    const theirs = formReducer(after, { type: 'conflict-resolved', key: 'title', keep: 'remote', at: 3100 });
    expect(theirs.values.title).toBe('Título mais novo');
    expect(theirs.status).toBe('saved');
    // The newer value arriving later keeps the conflict open; 'Manter o meu' saves over it knowingly.
    const seen = formReducer(after, { type: 'remote-changed', data: now, at: 10_000 });
    expect(seen.conflicts).toEqual({ title: { remote: 'Título mais novo' } });
    const kept = formReducer(seen, { type: 'conflict-resolved', key: 'title', keep: 'mine', at: 10_001 });
    expect(staleKeys(nextSaveRequest(kept)!, now)).toEqual({});
  });

  it('its own earlier write not seen back yet is no conflict', () => {
    const first = save(formReducer(ready, { type: 'edited', key: 'title', value: 'A', at: 1000 }), { type: 'save-succeeded', at: 3000 });
    const second = formReducer(first, { type: 'edited', key: 'title', value: 'AB', at: 3100 });
    expect(staleKeys(nextSaveRequest(second)!, { ...stored, title: 'A' })).toEqual({});
  });
});
