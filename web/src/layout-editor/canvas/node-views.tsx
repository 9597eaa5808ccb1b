import { AspectRatio, Box, Center, chakra, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as LinkIcon, Play } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { formatFileSizeKb, layoutFromStored, layoutToStored, nodeSpec, type StoredLayoutNode } from '@console/shared';
import { fileDisplayName, readFileValue, valueUrl, bunnyOf, type FileLike } from '../../files/file-value';
import { useDisplayUrl } from '../../files/use-display-url';
import { useLayoutDocument } from '../layout-document';
import { sanitizeRichText } from '../../form-engine/value-formats';
import { formatMoney } from '../../lib/format';
import { productCodes, useCatalogueProducts, useContentDocument } from '../catalogue';
import { LAYOUT_TEXTS } from '../texts';
import { EmbedFrame } from './EmbedFrame';

/**
 * How each node type looks on the canvas, as the store shows it. The same views draw the edited
 * layout (CanvasNode, bound to the editor's store) and a referenced content's layout (StaticNode).
 */
export interface NodeViewProps {
  type: string;
  props: Readonly<Record<string, unknown>>;
  /** The rendered children of a container. */
  children?: ReactNode;
  childCount?: number;
  /** Content ids being shown around this node (the edited document first): a reference to one is a cycle. */
  chain: readonly string[];
  interactive?: boolean;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

// Sanitising is the costliest part of drawing a text node: each distinct HTML is sanitised once.
const sanitized = new Map<string, string>();
function sanitizedHtml(html: string): string {
  let clean = sanitized.get(html);
  if (clean === undefined) {
    if (sanitized.size > 5000) sanitized.clear();
    clean = sanitizeRichText(html);
    sanitized.set(html, clean);
  }
  return clean;
}

function Placeholder({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'error' }) {
  return (
    <div className="le-placeholder" data-tone={tone} role={tone === 'error' ? 'note' : undefined}>
      {children}
    </div>
  );
}

function fileOf(props: NodeViewProps['props']): { file: FileLike | null; url: string } {
  const read = readFileValue(props.file);
  return { file: read.kind === 'file' ? read.file : null, url: valueUrl(read) };
}

function ImageView({ props }: { props: NodeViewProps['props'] }) {
  const { file, url } = fileOf(props);
  const src = useDisplayUrl(file, url);
  if (!url && !file) return <Placeholder>{LAYOUT_TEXTS.noImage}</Placeholder>;
  // Images off screen load when they come into view (a page of thousands opens without fetching them all).
  return <img className="le-image" src={src || undefined} alt={file ? fileDisplayName(file) : ''} loading="lazy" decoding="async" data-testid="canvas-image" />;
}

function VideoView({ props }: { props: NodeViewProps['props'] }) {
  const { file, url } = fileOf(props);
  if (!url && !file) return <Placeholder>{LAYOUT_TEXTS.noVideo}</Placeholder>;
  const thumbnail = str(bunnyOf(file)?.thumbnail);
  return (
    <AspectRatio ratio={16 / 9} w="full" maxW="2xl" bg="gray.800" rounded="md" overflow="hidden" data-testid="canvas-video">
      <Box>
        {thumbnail && <chakra.img src={thumbnail} alt="" w="full" h="full" objectFit="cover" />}
        <Center position="absolute" inset="0" color="white" aria-hidden>
          <Play size={40} fill="currentColor" />
        </Center>
        <Text position="absolute" bottom="2" left="3" color="white" fontSize="xs">
          {file ? fileDisplayName(file) : url}
        </Text>
      </Box>
    </AspectRatio>
  );
}

// Formatting a size with toLocaleString makes a number format each time: one per size, kept.
const sizeTexts = new Map<number, string>();
function sizeText(bytes: number): string {
  let text = sizeTexts.get(bytes);
  if (text === undefined) {
    if (sizeTexts.size > 5000) sizeTexts.clear();
    text = formatFileSizeKb(bytes);
    sizeTexts.set(bytes, text);
  }
  return text;
}

function FileView({ props }: { props: NodeViewProps['props'] }) {
  const { file, url } = fileOf(props);
  if (!url && !file) return <Placeholder>{LAYOUT_TEXTS.noFile}</Placeholder>;
  const name = file ? fileDisplayName(file) : url;
  const size = typeof file?.size === 'number' ? ` (${sizeText(file.size)})` : '';
  return (
    // No href on the canvas: a click selects the node (the file opens from the property panel's
    // preview), and the drawer's focus trap, which measures every link, has thousands fewer to scan.
    <a className="le-file" title={url || undefined} data-testid="canvas-file-link">
      {name}
      {size}
    </a>
  );
}

function ProductsView({ props }: { props: NodeViewProps['props'] }) {
  const { projectId } = useLayoutDocument();
  const codes = productCodes(props.productIds);
  const lookup = useCatalogueProducts(projectId, codes);
  if (codes.length === 0) return <Placeholder>{LAYOUT_TEXTS.noProducts}</Placeholder>;
  return (
    <SimpleGrid minChildWidth="140px" gap="3" data-testid="canvas-products">
      {codes.map((code, i) => {
        const found = lookup(code);
        if (found.status === 'missing' || found.status === 'error')
          return (
            <Placeholder key={`${code}-${i}`} tone="error">
              {LAYOUT_TEXTS.productMissing(code)}
            </Placeholder>
          );
        if (found.status === 'loading') return <Box key={`${code}-${i}`} h="40" bg="bg.muted" rounded="md" />;
        const product = found.value;
        return (
          <Stack key={`${code}-${i}`} gap="1" borderWidth="1px" rounded="md" p="2" data-testid="canvas-product">
            <Center h="28" bg="white">
              {product.image && <Image src={product.image} alt={product.name} maxH="full" maxW="full" objectFit="contain" />}
            </Center>
            <Text fontSize="sm" lineClamp={2}>
              {product.name}
            </Text>
            <Text fontSize="sm" fontWeight="semibold">
              {formatMoney(product.price)}
            </Text>
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}

function ContentView({ props, chain }: { props: NodeViewProps['props']; chain: readonly string[] }) {
  const { projectId } = useLayoutDocument();
  const contentId = str(props.contentId);
  const cycle = contentId !== '' && chain.includes(contentId);
  const found = useContentDocument(projectId, cycle ? '' : contentId);
  if (!contentId) return <Placeholder>{LAYOUT_TEXTS.noContent}</Placeholder>;
  if (cycle) return <Placeholder tone="error">{LAYOUT_TEXTS.contentCycle(contentId)}</Placeholder>;
  if (found.status === 'loading') return <Placeholder>{LAYOUT_TEXTS.contentLoading}</Placeholder>;
  if (found.status !== 'found') return <Placeholder tone="error">{LAYOUT_TEXTS.contentMissing(contentId)}</Placeholder>;
  const opened = layoutFromStored(found.value.layout);
  if (!opened.ok) return <Placeholder tone="error">{LAYOUT_TEXTS.contentMissing(contentId)}</Placeholder>;
  return (
    <Box borderWidth="1px" borderColor="purple.200" rounded="md" p="2" data-testid="canvas-content" data-content-id={contentId}>
      <StaticNode node={layoutToStored(opened.value)} chain={[...chain, contentId]} />
    </Box>
  );
}

/** A node of a referenced content: read-only, drawn with the same views. */
export const StaticNode = memo(function StaticNode({ node, chain }: { node: StoredLayoutNode; chain: readonly string[] }) {
  const { id: _id, type, children, ...props } = node;
  const container = type === 'ContainerComponent';
  return (
    <NodeView
      type={type}
      props={container ? props : { ...props, ...(children !== undefined ? { children } : {}) }}
      chain={chain}
      childCount={children?.length ?? 0}
    >
      {container && children?.map((child, i) => <StaticNode key={`${child.id}-${i}`} node={child} chain={chain} />)}
    </NodeView>
  );
});

/** One node's look, by type. */
export function NodeView({ type, props, children, childCount = 0, chain, interactive = false }: NodeViewProps) {
  const className = str(props.className) || undefined;
  let body: ReactNode;
  switch (type) {
    case 'TextComponent': {
      const html = str(props.text);
      body = html.trim() ? (
        <div className={className ? `le-text ${className}` : 'le-text'} dangerouslySetInnerHTML={{ __html: sanitizedHtml(html) }} />
      ) : (
        <Placeholder>{LAYOUT_TEXTS.emptyText}</Placeholder>
      );
      return body;
    }
    case 'ImageComponent':
      return <ImageView props={props} />;
    case 'VideoComponent':
      return <VideoView props={props} />;
    case 'FileComponent':
      return <FileView props={props} />;
    case 'ContentComponent':
      return <ContentView props={props} chain={chain} />;
    case 'EmbedComponent':
      return <EmbedFrame html={str(props.html)} interactive={interactive} />;
    case 'ProductsComponent':
      return <ProductsView props={props} />;
    case 'ContainerComponent': {
      const href = str(props.href);
      return (
        <div className={className ? `le-container ${className}` : 'le-container'}>
          {href && (
            <p className="le-href" data-testid="container-href">
              <LinkIcon size={12} aria-hidden style={{ display: 'inline', verticalAlign: '-1px', marginInlineEnd: 4 }} />
              {href}
            </p>
          )}
          {children}
          {childCount === 0 && <p className="le-empty">{LAYOUT_TEXTS.emptyContainer}</p>}
        </div>
      );
    }
    default:
      return <Placeholder tone="error">{LAYOUT_TEXTS.unknownType(type)}</Placeholder>;
  }
}

/** The layer tree's and the canvas's name of a node: its palette label and a hint of its content. */
export function nodeLabel(type: string, props: Readonly<Record<string, unknown>>): string {
  const label = nodeSpec(type)?.label ?? type;
  let hint = '';
  if (type === 'TextComponent')
    hint = str(props.text)
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  else if (type === 'ContentComponent') hint = str(props.contentId);
  else if (type === 'ProductsComponent') hint = str(props.productIds);
  else if (type === 'ContainerComponent') hint = str(props.href);
  else if (type === 'ImageComponent' || type === 'VideoComponent' || type === 'FileComponent') {
    const read = readFileValue(props.file);
    hint = read.kind === 'file' ? fileDisplayName(read.file) : read.kind === 'url' ? read.url : '';
  }
  return hint ? `${label}: ${hint.length > 32 ? `${hint.slice(0, 31)}…` : hint}` : label;
}
