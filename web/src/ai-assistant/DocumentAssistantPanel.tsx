import { useMemo, type ComponentProps } from 'react';
import { isAdmin, type AiDocument, type FieldDefinition } from '@console/shared';
import { useAuth } from '../app/auth-context';
import { AiAssistantPanel } from './AiAssistantPanel';
import { useConversationHistory } from './use-conversation-history';

type PanelProps = Pick<ComponentProps<typeof AiAssistantPanel>, 'assistant' | 'values' | 'onApply' | 'onClose'>;

/**
 * The assistant panel of an open document: its earlier conversations (read each time the panel
 * opens), rich-text fields shown rendered, and the project's AI use for admins.
 */
export function DocumentAssistantPanel({
  project,
  document,
  fields,
  ...panel
}: PanelProps & { project: string; document: AiDocument; fields: readonly FieldDefinition[] }) {
  const history = useConversationHistory(project, document);
  const { claims } = useAuth();
  const richText = useMemo(() => new Set(fields.filter((f) => f.type === 'editor').map((f) => f.name)), [fields]);
  return <AiAssistantPanel {...panel} history={history} isRichText={(field) => richText.has(field)} usageProject={isAdmin(claims) ? project : null} />;
}
