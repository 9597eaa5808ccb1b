import { useCallback, useEffect, useReducer, useRef } from 'react';
import { consoleFilesPermissionsEndpoint, type StoredFile } from '@console/shared';
import { callApi } from '../lib/api';
import { copyText } from './clipboard';
import { downloadAsFile, downloadErrorMessage } from './download-url';
import { IDLE_SLOT, NOTICE_MS, slotReducer, type SlotEvent, type SlotState } from './slot-state';
import { FILE_TEXTS } from './texts';
import { uploadAndRegister } from './upload';
import type { UploadTarget } from './upload-plan';

export interface FileSlot {
  state: SlotState;
  dispatch(event: SlotEvent): void;
  /** Uploads and registers `file`; resolves with the File object, or null after a failure (logged, slot cleared). */
  upload(file: File): Promise<StoredFile | null>;
  /** Downloads `url` through the server, then uploads it like a chosen file. */
  uploadFromUrl(url: string): Promise<StoredFile | null>;
  copy(url: string): Promise<void>;
  /** POST /api/console/files/permissions; resolves with the server's File object, or null after a failure. */
  setPublic(fileId: string, isPublic: boolean): Promise<StoredFile | null>;
}

/**
 * One upload slot: the reducer of its messages (a notice clears after 2 s) and the actions a file
 * widget or a list item dispatches. What to do with the File object is the caller's.
 */
export function useFileSlot(target: UploadTarget, project: string): FileSlot {
  const [state, dispatch] = useReducer(slotReducer, IDLE_SLOT);
  const targetRef = useRef(target);
  targetRef.current = target;

  useEffect(() => {
    const notice = state.notice;
    if (!notice) return;
    const timer = setTimeout(() => dispatch({ type: 'expire', text: notice }), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [state.notice]);

  const upload = useCallback(
    async (file: File) => {
      dispatch({ type: 'upload', percent: 0 });
      try {
        const stored = await uploadAndRegister({
          file,
          target: targetRef.current,
          project,
          onPercent: (percent) => dispatch({ type: 'upload', percent }),
          onRegister: () => dispatch({ type: 'register' }),
        });
        dispatch({ type: 'done' });
        return stored;
      } catch (error) {
        // Document 1 §8: upload errors are only logged and the upload slot is cleared.
        console.error(`Erro ao enviar ${file.name}:`, error);
        dispatch({ type: 'cleared' });
        return null;
      }
    },
    [project],
  );

  const uploadFromUrl = useCallback(
    async (url: string) => {
      dispatch({ type: 'download' });
      let file: File;
      try {
        file = await downloadAsFile(url.trim(), project);
      } catch (error) {
        console.error(`Erro ao fazer download de ${url}:`, error);
        dispatch({ type: 'error', message: downloadErrorMessage(1) });
        return null;
      }
      return upload(file);
    },
    [project, upload],
  );

  const copy = useCallback(async (url: string) => {
    try {
      await copyText(url);
      dispatch({ type: 'notice', text: FILE_TEXTS.copied });
    } catch (error) {
      console.error('Erro ao copiar a URL:', error);
      dispatch({ type: 'error', message: FILE_TEXTS.copyFailed });
    }
  }, []);

  const setPublic = useCallback(
    async (fileId: string, isPublic: boolean) => {
      try {
        return (await callApi(consoleFilesPermissionsEndpoint, { project, body: { id: fileId, isPublic } })).file;
      } catch (error) {
        console.error('Erro ao mudar a permissão do arquivo:', error);
        dispatch({ type: 'error', message: FILE_TEXTS.permissionsFailed });
        return null;
      }
    },
    [project],
  );

  return { state, dispatch, upload, uploadFromUrl, copy, setPublic };
}
