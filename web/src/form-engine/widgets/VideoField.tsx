import { AspectRatio, Box, Center, chakra, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { isVideoPlayable, videoStatusLabel, type StoredFile } from '@console/shared';
import { bunnyChanged, bunnyOf, mergeStoredFile, readFileValue, withBunny, type FileLike } from '../../files/file-value';
import { readObject } from '../../files/storage';
import { FILE_TEXTS } from '../../files/texts';
import { useDisplayUrl } from '../../files/use-display-url';
import { useFileSlot } from '../../files/use-file-slot';
import { useLatestValue } from '../../files/use-latest-value';
import { fetchVideoStatus, isVideoSettled, pollVideo, requestBunnyTicket, uploadToBunny } from '../../files/video';
import { FileFacts } from '../parts/FilePreviewParts';
import { FileSlot } from '../parts/FileSlot';
import { useFormDocument } from '../data/form-document';
import type { FieldOfType, FieldWidgetProps } from '../types';
import { WidgetButton } from '../parts/WidgetParts';

/** Video player aspect (document 1 §9). */
const PLAYER_RATIO = 16 / 9;

function VideoPreview({ file, url, project }: { file: FileLike | null; url: string; project: string }) {
  /** The player's address once the thumbnail was clicked; '' shows the thumbnail. */
  const [player, setPlayer] = useState<{ kind: 'cdn' | 'stored'; src: string } | null>(null);
  const [thumbFailed, setThumbFailed] = useState<string | null>(null);
  const bunny = bunnyOf(file);
  const playable = bunny ? isVideoPlayable(bunny.status) && Boolean(bunny.iframeUrl) : false;
  // Before the CDN has it, the stored file itself plays (read as the user when private).
  const storedSrc = useDisplayUrl(bunny ? null : file, bunny ? '' : url);
  const canPlay = playable || (!bunny && Boolean(storedSrc));
  const thumbnail = bunny?.thumbnail ?? '';
  // The CDN serves the thumbnail once encoding started: a failed load is retried on each status.
  const thumbKey = `${thumbnail}#${bunny?.status}`;

  async function play() {
    if (playable && bunny && typeof file?.id === 'string') {
      // The player's address is asked for now: it may be signed for a limited time.
      let src = String(bunny.iframeUrl);
      try {
        src = (await fetchVideoStatus(file.id, project)).playerUrl || src;
      } catch (error) {
        console.error('Endereço do player indisponível; usando o guardado:', error);
      }
      setPlayer({ kind: 'cdn', src });
    } else if (storedSrc) {
      setPlayer({ kind: 'stored', src: storedSrc });
    }
  }

  return (
    <Box w="full" maxW="lg">
      {player && canPlay ? (
        <AspectRatio ratio={PLAYER_RATIO} w="full" data-testid="video-player">
          {player.kind === 'cdn' ? (
            <chakra.iframe
              src={player.src}
              title={FILE_TEXTS.play}
              allow="accelerometer; gyroscope; autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
              border="0"
            />
          ) : (
            <chakra.video src={player.src} controls autoPlay bg="black" />
          )}
        </AspectRatio>
      ) : (
        <AspectRatio ratio={PLAYER_RATIO} w="full">
          <chakra.button
            type="button"
            aria-label={FILE_TEXTS.play}
            disabled={!canPlay}
            onClick={() => void play()}
            bg="gray.800"
            rounded="md"
            overflow="hidden"
            cursor={canPlay ? 'pointer' : 'default'}
            data-testid="video-thumbnail"
          >
            {thumbnail && (
              <chakra.img
                // A new element per status: the browser asks again for a thumbnail that was not there yet.
                key={thumbKey}
                src={thumbnail}
                alt=""
                w="full"
                h="full"
                objectFit="cover"
                hidden={thumbFailed === thumbKey}
                onError={() => setThumbFailed(thumbKey)}
                onLoad={() => setThumbFailed(null)}
              />
            )}
            {canPlay && (
              <Center position="absolute" inset="0" color="white" fontSize="3xl" aria-hidden>
                ▶
              </Center>
            )}
          </chakra.button>
        </AspectRatio>
      )}
      {!playable && (
        <Text fontSize="sm" mt="1" data-testid="video-status">
          {`${FILE_TEXTS.videoStatus}: ${videoStatusLabel(bunny?.status)}`}
        </Text>
      )}
      <FileFacts file={file} />
    </Box>
  );
}

/**
 * A video: thumbnail first, a click plays it in a 16:9 player (document 1 §2). A new upload goes
 * on to Bunny Stream; the encoding status (document 1 §4) is polled until playable or failed.
 */
export function VideoField(props: FieldWidgetProps<FieldOfType<'video'>>) {
  const { value, disabled } = props;
  const { projectId } = useFormDocument();
  const slot = useFileSlot(props.field, projectId);
  const latest = useLatestValue(value, props.onChange);
  const [sending, setSending] = useState(false);

  const read = readFileValue(value);
  const file = read.kind === 'file' ? read.file : null;
  const bunny = bunnyOf(file);
  const fileId = typeof file?.id === 'string' ? file.id : '';
  const waiting = Boolean(bunny) && !isVideoSettled(bunny?.status);

  useEffect(() => {
    if (!fileId || !waiting || sending || disabled) return;
    const controller = new AbortController();
    void pollVideo({
      fileId,
      project: projectId,
      immediate: true,
      signal: controller.signal,
      onStatus: ({ bunny: next }) => {
        const current = latest.get();
        const currentRead = readFileValue(current);
        if (currentRead.kind !== 'file' || currentRead.file.id !== fileId) return;
        if (bunnyChanged(bunnyOf(currentRead.file), next)) latest.set(withBunny(current, next));
      },
    });
    return () => controller.abort();
  }, [fileId, waiting, sending, disabled, projectId, latest]);

  async function sendToCdn(stored: Pick<StoredFile, 'id' | 'filePath' | 'filename'>, data?: Blob) {
    setSending(true);
    slot.dispatch({ type: 'cdn', percent: 0 });
    try {
      const bytes = data ?? (await readObject(stored.filePath));
      const ticket = await requestBunnyTicket(stored.id, projectId);
      latest.set(mergeStoredFile(latest.get(), ticket.file));
      await uploadToBunny(ticket, bytes, stored.filename, (percent) => slot.dispatch({ type: 'cdn', percent }));
      const { bunny: status } = await fetchVideoStatus(stored.id, projectId);
      latest.set(withBunny(latest.get(), status));
      slot.dispatch({ type: 'done', notice: FILE_TEXTS.sentToCdn });
    } catch (error) {
      console.error('Erro ao enviar o vídeo para o CDN:', error);
      slot.dispatch({ type: 'error', message: FILE_TEXTS.cdnFailed });
    } finally {
      setSending(false);
    }
  }

  const canSend = file !== null && !bunny && fileId !== '' && typeof file.filePath === 'string';
  return (
    <FileSlot
      {...props}
      slot={slot}
      latest={latest}
      preview={(f, url) => <VideoPreview file={f} url={url} project={projectId} />}
      onUploaded={(stored, chosen) => void sendToCdn(stored, chosen)}
      actions={
        canSend && (
          <WidgetButton
            disabled={disabled || sending || slot.state.phase !== 'idle'}
            onClick={() => void sendToCdn({ id: fileId, filePath: String(file.filePath), filename: String(file.filename ?? fileId) })}
          >
            {FILE_TEXTS.sendToCdn}
          </WidgetButton>
        )
      }
    />
  );
}
