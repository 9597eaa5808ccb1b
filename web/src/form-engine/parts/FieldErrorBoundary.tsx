import { Box, Text } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { FieldDefinition } from '@console/shared';

interface Props {
  field: FieldDefinition;
  children: ReactNode;
}

/** One broken widget (bad stored data, a bug) shows a notice instead of blanking the whole form. */
export class FieldErrorBoundary extends Component<Props, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Campo "${this.props.field.name}" falhou ao renderizar`, error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box role="alert" borderWidth="1px" borderColor="red.300" bg="red.50" rounded="md" px="3" py="2">
        <Text fontSize="sm" fontWeight="medium">
          Não foi possível exibir o campo {this.props.field.title}.
        </Text>
        <Text fontSize="xs" color="fg.muted">
          O valor salvo não foi alterado.
        </Text>
      </Box>
    );
  }
}
