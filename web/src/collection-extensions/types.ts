import type { ComponentType, ReactNode } from 'react';
import type { QueryConstraint } from 'firebase/firestore';

/**
 * Collection extensions: what a collection adds to the generic screens — action buttons in the
 * document header (with an optional confirmation and the call they make), header parts that make
 * their own calls (the product sync buttons), panels above the form, buttons beside the list's CSV
 * buttons, and what its CSV import asks for. Registered per collection id in ./registry.ts; the
 * screens ask the registry and render whatever is there, so a feature adds its buttons without
 * touching a screen (and no screen tests a collection id).
 */

/** Where an item applies: a project that has the tool it needs. Everywhere when absent. */
export type ProjectCondition = (projectId: string) => boolean;

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
  available?: ProjectCondition;
}

export interface PanelProps extends ExtensionContext {
  /** What an action passed to showPanel, undefined until then. */
  payload: unknown;
  /** The form's values now, saved or not (a pricing rule's preview reads the rule as it is being typed). */
  values: Record<string, unknown>;
}

export interface DocumentPanel {
  id: string;
  Component: ComponentType<PanelProps>;
  available?: ProjectCondition;
  /** The panel keeps its own spacing (no margin added below it). */
  ownSpacing?: boolean;
}

export interface HeaderPartProps {
  projectId: string;
  /** Null on the new-record form. */
  docId: string | null;
  /** The stored document (null until loaded, and on the new-record form). */
  data: Record<string, unknown> | null;
}

/** A part of the document header with its own calls and dialogs; shown on the new-record form too. */
export interface DocumentHeaderPart {
  id: string;
  Component: ComponentType<HeaderPartProps>;
  available?: ProjectCondition;
}

/** A button beside the collection list's CSV buttons. */
export interface ListAction {
  id: string;
  Component: ComponentType<{ projectId: string }>;
  available?: ProjectCondition;
}

/** What the CSV import dialog asks for before writing this collection's records. */
export interface ImportRequirements {
  /** A brand typed in the dialog goes into every record (spec §5: products). */
  brand?: boolean;
}

/** An entry of the collection list, as a list view reads it. */
export interface ListEntryRecord {
  id: string;
  data: Record<string, unknown>;
}

/** How the list panel names a collection's entries beyond its label field. */
export interface ListEntryView {
  /** A second line telling the record from its neighbours (price and status, last message, date); null for none. */
  detail?(data: Record<string, unknown>): string | null;
  /**
   * Titles taken from other records (a conversation's customer), by entry id; an entry without
   * one keeps its label. A hook: called on every render of the list.
   */
  useTitles?(projectId: string, entries: readonly ListEntryRecord[]): ReadonlyMap<string, string>;
}

/**
 * A filter of the collection list beyond its text box, and what each row shows beside its label
 * (the product list's readiness): the filter's value narrows the list's query.
 */
export interface ListView {
  id: string;
  /** Wraps the list panel: what the filter and the rows share (e.g. the store's channels). */
  Provider?: ComponentType<{ projectId: string; children: ReactNode }>;
  Filter: ComponentType<{ value: string; onChange(value: string): void }>;
  constraints(value: string): QueryConstraint[];
  RowBadge?: ComponentType<{ data: Record<string, unknown> }>;
  available?: ProjectCondition;
}

/**
 * Fields of a collection's form that go through a server check instead of being written by the
 * form (the product's selling prices: the store's guardrails). `write` applies one edited value
 * or holds it (`held`, not written; the form shows the stored value again and the write says why).
 */
export interface GuardedFieldsExtension {
  fields: readonly string[];
  write(document: { projectId: string; docId: string }, field: string, value: unknown): Promise<{ held: boolean }>;
}

export interface CollectionExtension {
  guardedFields?: GuardedFieldsExtension | null;
  actions?: DocumentAction[];
  listViews?: ListView[];
  panels?: DocumentPanel[];
  headerParts?: DocumentHeaderPart[];
  listActions?: ListAction[];
  import?: ImportRequirements;
  listEntry?: ListEntryView;
}
