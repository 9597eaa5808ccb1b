import { Center, Spinner } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { DOCUMENT_TEXTS } from '../../../documents/constants';
import type { JsonEditorProps } from '../../../json-editor/JsonEditor';

// CodeMirror is loaded only when the JSON editor opens.
const JsonEditor = lazy(() => import('../../../json-editor/JsonEditor'));

/** 'JSON Editor': the whole stored document as JSON, over the screen. */
export function JsonEditorOverlay(props: JsonEditorProps) {
  return (
    <Suspense
      fallback={
        <Center position="fixed" inset="0" bg="blackAlpha.400" zIndex="modal">
          <Spinner size="lg" color="white" role="status" aria-label={DOCUMENT_TEXTS.jsonEditorLoading} />
        </Center>
      }
    >
      <JsonEditor {...props} />
    </Suspense>
  );
}
