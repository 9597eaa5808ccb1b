import { Button, HStack, IconButton, Separator, Text } from '@chakra-ui/react';
import { Hand, Minus, MousePointer2, PanelsTopLeft, Plus, Redo2, RotateCcw, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { canRedo, canUndo, zoomLabel, type LayoutShortcut } from '@console/shared';
import type { LayoutAction } from '../actions';
import { activeTool } from '../reducer';
import { SHORTCUT_ACTIONS, SHORTCUT_HINTS } from '../shortcuts';
import { useEditorSelector, useLayoutStore } from '../store';
import { LAYOUT_TEXTS } from '../texts';

const T = LAYOUT_TEXTS.tools;

function ToolButton({
  label,
  shortcut,
  action,
  pressed,
  disabled,
  children,
}: {
  label: string;
  shortcut: Exclude<LayoutShortcut, 'copy' | 'paste'>;
  action?: LayoutAction;
  pressed?: boolean;
  disabled?: boolean;
  /** A drawn (SVG) icon: font symbols show as empty boxes where the font lacks them. */
  children: ReactNode;
}) {
  const store = useLayoutStore();
  return (
    <IconButton
      size="sm"
      variant={pressed ? 'solid' : 'ghost'}
      aria-label={label}
      aria-pressed={pressed}
      title={`${label} (${SHORTCUT_HINTS[shortcut]})`}
      disabled={disabled}
      onClick={() => store.dispatch(action ?? SHORTCUT_ACTIONS[shortcut])}
    >
      {children}
    </IconButton>
  );
}

/** The bottom toolbar (document 1 screen 6); each button runs the same action as its shortcut. */
export function Toolbar() {
  const store = useLayoutStore();
  const tool = useEditorSelector((s) => activeTool(s.view));
  const undoable = useEditorSelector((s) => canUndo(s.history));
  const redoable = useEditorSelector((s) => canRedo(s.history));
  const hidden = useEditorSelector((s) => s.view.toolsHidden);
  const zoom = useEditorSelector((s) => s.view.zoom);
  const mobile = useEditorSelector((s) => s.view.mobile);
  return (
    <HStack
      role="toolbar"
      aria-label={T.toolbar}
      position="absolute"
      bottom="3"
      left="50%"
      transform="translateX(-50%)"
      bg="bg"
      shadow="md"
      rounded="lg"
      px="2"
      py="1"
      gap="1"
      zIndex="1"
    >
      <ToolButton label={T.select} shortcut="selectTool" pressed={tool === 'select'}>
        <MousePointer2 aria-hidden />
      </ToolButton>
      <ToolButton label={T.hand} shortcut="handTool" pressed={tool === 'hand'}>
        <Hand aria-hidden />
      </ToolButton>
      <Separator orientation="vertical" h="6" />
      <ToolButton label={T.undo} shortcut="undo" disabled={!undoable}>
        <Undo2 aria-hidden />
      </ToolButton>
      <ToolButton label={T.redo} shortcut="redo" disabled={!redoable}>
        <Redo2 aria-hidden />
      </ToolButton>
      <Separator orientation="vertical" h="6" />
      <ToolButton label={hidden ? T.showTools : T.hideTools} shortcut="hideTools" pressed={hidden}>
        <PanelsTopLeft aria-hidden />
      </ToolButton>
      <Separator orientation="vertical" h="6" />
      <ToolButton label={T.zoomReset} shortcut="zoomReset">
        <RotateCcw aria-hidden />
      </ToolButton>
      <ToolButton label={T.zoomOut} shortcut="zoomOut">
        <Minus aria-hidden />
      </ToolButton>
      <Text fontSize="sm" minW="12" textAlign="center" data-testid="zoom-level" aria-live="polite">
        {zoomLabel(zoom)}
      </Text>
      <ToolButton label={T.zoomIn} shortcut="zoomIn">
        <Plus aria-hidden />
      </ToolButton>
      <Separator orientation="vertical" h="6" />
      <Button
        size="sm"
        variant={mobile ? 'ghost' : 'solid'}
        aria-pressed={!mobile}
        title={`${T.desktop} (${SHORTCUT_HINTS.toggleMobile})`}
        onClick={() => mobile && store.dispatch({ type: 'toggleMobile' })}
      >
        {T.desktop}
      </Button>
      <Button
        size="sm"
        variant={mobile ? 'solid' : 'ghost'}
        aria-pressed={mobile}
        title={`${T.mobile} (${SHORTCUT_HINTS.toggleMobile})`}
        onClick={() => !mobile && store.dispatch({ type: 'toggleMobile' })}
      >
        {T.mobile}
      </Button>
    </HStack>
  );
}
