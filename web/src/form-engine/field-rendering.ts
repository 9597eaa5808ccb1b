import { createContext, useContext, type ComponentType } from 'react';
import type { FieldType } from '@console/shared';
import type { FieldRendererProps, FieldWidget } from './types';

/**
 * How a container widget (a struct, the lists, a map, an embedded document) renders the fields
 * inside it: the engine's FieldRenderer and registry, handed down by the form instead of imported,
 * so the registry (which lists the containers) and the containers never import each other.
 */
export interface FieldRendering {
  FieldRenderer: ComponentType<FieldRendererProps>;
  widgetFor(type: FieldType): FieldWidget;
}

export const FieldRenderingContext = createContext<FieldRendering | null>(null);

export function useFieldRendering(): FieldRendering {
  const rendering = useContext(FieldRenderingContext);
  if (!rendering) throw new Error('A container widget must be rendered through FieldRenderer or DocumentForm.');
  return rendering;
}
