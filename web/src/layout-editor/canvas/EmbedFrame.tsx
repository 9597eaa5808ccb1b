import { Box, chakra } from '@chakra-ui/react';
import { LAYOUT_TEXTS } from '../texts';

/**
 * An embed's HTML in a sandboxed frame: scripts run, but without allow-same-origin the frame has an
 * opaque origin, so no embed script ever runs with the console's origin — it cannot read the
 * console's DOM, storage, cookies or Firebase session, nor navigate the console. srcdoc needs no
 * frame-src; under the console's CSP (inherited by srcdoc documents) inline scripts are blocked
 * unless that policy allows them, which fails closed. The overlay lets a click select the node.
 */
export function EmbedFrame({ html, interactive }: { html: string; interactive: boolean }) {
  if (!html.trim()) {
    return (
      <Box color="fg.muted" fontSize="sm" p="3" borderWidth="1px" borderStyle="dashed" rounded="md">
        {LAYOUT_TEXTS.emptyEmbed}
      </Box>
    );
  }
  return (
    <Box position="relative">
      <chakra.iframe
        title={LAYOUT_TEXTS.embedTitle}
        sandbox="allow-scripts allow-popups"
        referrerPolicy="no-referrer"
        srcDoc={html}
        w="full"
        h="240px"
        border="0"
        display="block"
        data-testid="embed-frame"
      />
      {!interactive && <Box position="absolute" inset="0" data-testid="embed-overlay" />}
    </Box>
  );
}
