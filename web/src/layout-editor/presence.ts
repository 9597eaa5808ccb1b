import { useEffect, useState } from 'react';
import { collection, deleteDoc, doc, onSnapshot, query, serverTimestamp, setDoc, Timestamp, where } from 'firebase/firestore';
import { PROJECT_COLLECTION } from '@console/shared';
import { auth } from '../lib/firebase';
import { db } from '../lib/firestore';

/**
 * Who else has a document's editor open: each open editor keeps a small document in
 * `project/{p}/editor-presence/{session}` ({target, uid, name, at}) and beats it every
 * PRESENCE_BEAT_MS; an entry not beaten for PRESENCE_STALE_MS (a closed laptop, a crash) counts
 * as gone. firestore.rules let a member write only an entry of their own.
 */
export const PRESENCE_COLLECTION = 'editor-presence';
export const PRESENCE_BEAT_MS = 10_000;
export const PRESENCE_STALE_MS = 30_000;

export interface PresentEditor {
  uid: string;
  name: string;
}

function sessionId(uid: string): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return `${uid}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The other open editors of `target` (this session left out); an empty list without a target. */
export function useEditorPresence(projectId: string, target: string | null): PresentEditor[] {
  const [others, setOthers] = useState<PresentEditor[]>([]);
  useEffect(() => {
    const user = auth.currentUser;
    if (!target || !projectId || !user) return undefined;
    const entries = collection(db, PROJECT_COLLECTION, projectId, PRESENCE_COLLECTION);
    const id = sessionId(user.uid);
    const mine = doc(entries, id);
    const name = user.displayName || user.email || user.uid;
    const beat = () => setDoc(mine, { target, uid: user.uid, name, at: serverTimestamp() }).catch((error) => console.error(error));
    void beat();
    const timer = setInterval(beat, PRESENCE_BEAT_MS);
    let latest: Array<{ id: string; uid: string; name: string; at: Timestamp | null }> = [];
    const show = () => {
      const now = Date.now();
      const seen = new Map<string, PresentEditor>();
      for (const entry of latest) {
        if (entry.id === id || !entry.at || now - entry.at.toMillis() > PRESENCE_STALE_MS) continue;
        seen.set(`${entry.uid}:${entry.name}`, { uid: entry.uid, name: entry.name });
      }
      setOthers([...seen.values()].sort((a, b) => a.name.localeCompare(b.name)));
    };
    const stop = onSnapshot(
      query(entries, where('target', '==', target)),
      (snapshot) => {
        latest = snapshot.docs.map((entry) => {
          const data = entry.data();
          return { id: entry.id, uid: String(data.uid ?? ''), name: String(data.name ?? ''), at: data.at instanceof Timestamp ? data.at : null };
        });
        show();
      },
      (error) => console.error(error),
    );
    // Entries grow stale without any snapshot: look again between beats.
    const recheck = setInterval(show, PRESENCE_BEAT_MS);
    return () => {
      clearInterval(timer);
      clearInterval(recheck);
      stop();
      void deleteDoc(mine).catch((error) => console.error(error));
    };
  }, [projectId, target]);
  return others;
}
