import { FIELD_COMPONENTS } from '@console/shared';
import { CONTENT_BLOCKS_COMPONENT } from './content-blocks';
import { ContentBlocksField } from './ContentBlocksField';
import { GoogleConsoleConnectComponent } from './GoogleConsoleConnectComponent';
import { JsonComponent } from './JsonComponent';
import type { FieldOfType, FieldWidget } from './types';

/** The widgets of `component` fields, by name; an unknown name is shown read-only. */
export const fieldComponents: Record<string, FieldWidget<FieldOfType<'component'>>> = {
  [FIELD_COMPONENTS.json]: JsonComponent,
  [FIELD_COMPONENTS.googleConsoleConnect]: GoogleConsoleConnectComponent,
  [CONTENT_BLOCKS_COMPONENT]: ContentBlocksField,
};
