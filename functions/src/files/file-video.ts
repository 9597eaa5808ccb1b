import { fileVideoEndpoint, type VideoStatusResponse } from '@console/shared';
import { expiryFromNow, playerUrl, PLAYER_TTL_SECONDS, videoContext, videoState } from './bunny/index.js';
import { serve, type Handler } from '../lib/endpoint.js';

/**
 * GET /api/file/video/{fileId}?project → {cdn: {bunny}, iframeUrl} (document 1 §7): the video's
 * state read from Bunny now (status as document 1 §4 lists it), written back to the registry entry
 * when it changed. cdn.bunny.iframeUrl is the plain player address (what the File object keeps);
 * the top-level iframeUrl is the one to load now — signed for 6 h when the library uses embed token
 * authentication (config/bunny streamAuthKey), the same address otherwise. 404 for a file that is
 * not a registered video or was never sent to Bunny; 412 when config/bunny is incomplete.
 */
export const handleFileVideo: Handler<typeof fileVideoEndpoint> = async ({ params, project }): Promise<VideoStatusResponse> => {
  const { bunny, config } = await videoState(videoContext(), { project, fileId: params.fileId });
  return { cdn: { bunny }, iframeUrl: playerUrl(config, bunny, expiryFromNow(PLAYER_TTL_SECONDS)) };
};

export const fileVideo = serve(fileVideoEndpoint, handleFileVideo);
