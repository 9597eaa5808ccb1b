// The test page of bench/document-form.mjs: the console's DocumentForm with 200 synthetic fields,
// driven by the document screen's own reducer (form-state.ts), timed from inside the page.
import { ChakraProvider } from '@chakra-ui/react';
import { useCallback, useReducer } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { FieldDefinition } from '@console/shared';
import { system } from '../../web/src/app/theme';
import { DocumentForm } from '../../web/src/form-engine';
import { formReducer, initialFormState } from '../../web/src/documents/form-state';
import { afterNextPaint, timeKeystrokes } from '../lib/keystroke-timing';

const FIELD_COUNT = 200;

/** Mostly text inputs, like the store settings: 60% text, 20% number, 10% checkbox, 10% textarea. */
const fields: FieldDefinition[] = Array.from({ length: FIELD_COUNT }, (_, i): FieldDefinition => {
  const kind = i % 10;
  if (kind < 6) return { name: `text${i}`, title: `Texto ${i}`, type: 'text' };
  if (kind < 8) return { name: `number${i}`, title: `Número ${i}`, type: 'number' };
  if (kind === 8) return { name: `check${i}`, title: `Opção ${i}`, type: 'checkbox' };
  return { name: `notes${i}`, title: `Observações ${i}`, type: 'textarea' };
});

const stored: Record<string, unknown> = Object.fromEntries(
  fields.map((f, i) => [f.name, f.type === 'number' ? i : f.type === 'checkbox' ? i % 2 === 0 : `Valor ${i}`]),
);

function BenchForm() {
  const [state, dispatch] = useReducer(formReducer, initialFormState, (s) => formReducer(s, { type: 'loaded', data: stored, settle: false }));
  const onChange = useCallback((key: string, value: unknown) => dispatch({ type: 'edited', key, value, at: Date.now() }), []);
  return <DocumentForm fields={fields} values={state.values} onChange={onChange} />;
}

const root = createRoot(document.getElementById('root')!);
let mounts = 0;
const keystrokes = timeKeystrokes();

Object.assign(window, {
  bench: {
    fieldCount: FIELD_COUNT,
    /** Mounts a fresh form with its data; ms until that frame is painted. */
    open: () =>
      new Promise<number>((resolve) => {
        flushSync(() => root.render(null));
        const started = performance.now();
        flushSync(() =>
          root.render(
            <ChakraProvider value={system}>
              <BenchForm key={++mounts} />
            </ChakraProvider>,
          ),
        );
        afterNextPaint(() => resolve(performance.now() - started));
      }),
    keystrokes,
  },
});
