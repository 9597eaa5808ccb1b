import { consoleFilesAttachesEndpoint, type RegisterFileResponse } from '@console/shared';
import { serve, type Handler } from '../lib/endpoint.js';
import { registerFile } from './registry.js';

/**
 * POST /api/console/files/attaches?project — registers a file, video or audio the browser uploaded
 * to Storage (anything but image/*, which goes to /images): size and type from Storage, an audio's
 * duration read from the file (the browser's `file.duration` when the format is unreadable), a
 * download token when public, the registry entry. Same refusals as /images.
 */
export const handleConsoleFilesAttaches: Handler<typeof consoleFilesAttachesEndpoint> = async ({ body, project, caller }): Promise<RegisterFileResponse> => {
  return { file: await registerFile({ project, uid: caller.uid, kind: 'attach', request: body }) };
};

export const consoleFilesAttaches = serve(consoleFilesAttachesEndpoint, handleConsoleFilesAttaches);
