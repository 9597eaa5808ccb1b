import { consoleFilesImagesEndpoint, type RegisterFileResponse } from '@console/shared';
import { serve, type Handler } from '../lib/endpoint.js';
import { registerFile } from './registry.js';

/**
 * POST /api/console/files/images?project — registers an image the browser uploaded to Storage
 * (image/* only; other types go to /attaches): size and type from Storage, width and height
 * measured, a download token when public, the registry entry project/{project}/file/{id}.
 * 400 'Caminho de arquivo inválido' for a path outside 'editor/' and project/{project}/, 404 'Arquivo
 * não encontrado no armazenamento' when nothing is at filePath, 403 for another project's object.
 */
export const handleConsoleFilesImages: Handler<typeof consoleFilesImagesEndpoint> = async ({ body, project, caller }): Promise<RegisterFileResponse> => {
  return { file: await registerFile({ project, uid: caller.uid, kind: 'image', request: body }) };
};

export const consoleFilesImages = serve(consoleFilesImagesEndpoint, handleConsoleFilesImages);
