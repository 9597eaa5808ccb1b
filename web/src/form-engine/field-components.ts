import { FIELD_COMPONENTS } from '@console/shared';
import { CONTENT_BLOCKS_COMPONENT } from './values/content-blocks';
import { BlingConnectionsComponent } from './widgets/BlingConnectionsComponent';
import { ContentBlocksField } from './widgets/ContentBlocksField';
import { GoogleConsoleConnectComponent } from './widgets/GoogleConsoleConnectComponent';
import { JsonComponent } from './widgets/JsonComponent';
import type { FieldOfType, FieldWidget } from './types';

/** The widgets of `component` fields, by name; an unknown name is shown read-only. */
export const fieldComponents: Record<string, FieldWidget<FieldOfType<'component'>>> = {
  [FIELD_COMPONENTS.json]: JsonComponent,
  [FIELD_COMPONENTS.googleConsoleConnect]: GoogleConsoleConnectComponent,
  [FIELD_COMPONENTS.blingConnections]: BlingConnectionsComponent,
  [CONTENT_BLOCKS_COMPONENT]: ContentBlocksField,
};
