import { consoleFilesPermissionsEndpoint, type RegisterFileResponse } from '@console/shared';
import { serve, type Handler } from '../lib/endpoint.js';
import { changeFilePermissions } from './registry.js';

/**
 * POST /api/console/files/permissions?project {id, isPublic} — public: a fresh download token (the
 * old URL stops working) and url with it; private: every token removed, url without one (readable
 * only through the SDK under storage.rules). Answers {file}, the updated File object; 404 'Arquivo
 * não encontrado.' when `id` is not in the project's registry.
 */
export const handleConsoleFilesPermissions: Handler<typeof consoleFilesPermissionsEndpoint> = async ({ body, project }): Promise<RegisterFileResponse> => {
  return { file: await changeFilePermissions({ project, id: body.id, isPublic: body.isPublic }) };
};

export const consoleFilesPermissions = serve(consoleFilesPermissionsEndpoint, handleConsoleFilesPermissions);
