import { registerFileRequestSchema, type RegisterFileResponse } from '@console/shared';
import { defineEndpoint } from '../lib/endpoint.js';
import { registerFile } from '../files/registry.js';

/**
 * POST /api/console/files/attaches?project — registers a file, video or audio the browser uploaded
 * to Storage (anything but image/*, which goes to /images): size and type from Storage, an audio's
 * duration read from the file (the browser's `file.duration` when the format is unreadable), a
 * download token when public, the registry entry. Same refusals as /images.
 */
export const consoleFilesAttaches = defineEndpoint({
  method: 'POST',
  path: '/api/console/files/attaches',
  access: 'project',
  body: registerFileRequestSchema,
  async handle({ body, project, caller }): Promise<RegisterFileResponse> {
    return { file: await registerFile({ project: project!, uid: caller!.uid, kind: 'attach', request: body }) };
  },
});
