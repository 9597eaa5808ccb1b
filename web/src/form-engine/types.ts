import type { ComponentType } from 'react';
import type { FieldDefinition, FieldType } from '@console/shared';

/** The props every widget takes, whatever its kind. */
export interface FieldWidgetProps<F extends FieldDefinition = FieldDefinition> {
  field: F;
  /** The stored value, as read from the document (may be missing or of an unexpected shape). */
  value: unknown;
  onChange(value: unknown): void;
  disabled?: boolean;
}

export type FieldWidget<F extends FieldDefinition = FieldDefinition> = ComponentType<FieldWidgetProps<F>>;

/** Definition of the field of kind `T`. */
export type FieldOfType<T extends FieldType> = Extract<FieldDefinition, { type: T }>;

/** The props of the engine's FieldRenderer: a field of any kind. */
export interface FieldRendererProps {
  field: FieldDefinition;
  value: unknown;
  onChange(value: unknown): void;
  disabled?: boolean;
}
