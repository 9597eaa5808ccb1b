import type { ComponentType } from 'react';

/**
 * Collection extensions: what a collection adds to the generic document screen — action buttons
 * in its header (with an optional confirmation and the call they make) and panels above the form.
 * Registered per collection id in ./registry.ts; the document screen asks the registry and renders
 * whatever is there, so a feature adds its buttons without touching the screen.
 */

export interface ExtensionContext {
  projectId: string;
  collectionId: string;
  docId: string;
  /** The stored document (null until loaded). */
  data: Record<string, unknown> | null;
  /** Shows (or updates) a panel of this extension with a payload (e.g. a report an action fetched). */
  showPanel(panelId: string, payload: unknown): void;
}

export interface DocumentAction {
  id: string;
  /** The button's text (Portuguese, as the spec writes it). */
  label: string;
  /** Asked with window.confirm before the call; cancelling does nothing. */
  confirm?: string;
  /** Whether the button is usable for this document (e.g. a template must be chosen). */
  enabled?(context: ExtensionContext): boolean;
  /**
   * The call. Answers a message shown as a success toast (or nothing); a thrown error's message is
   * shown as an error toast. Runs once at a time per button.
   */
  run(context: ExtensionContext): Promise<string | void>;
}

export interface PanelProps extends ExtensionContext {
  /** What an action passed to showPanel, undefined until then. */
  payload: unknown;
}

export interface DocumentPanel {
  id: string;
  Component: ComponentType<PanelProps>;
}

export interface CollectionExtension {
  actions?: DocumentAction[];
  panels?: DocumentPanel[];
}
