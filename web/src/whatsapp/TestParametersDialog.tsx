import { Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { parameterKey, type MissingParameter } from './test-message';
import { WHATSAPP_TEXTS } from './texts';

/** What the test send's action hands this panel: the {{n}} to ask for, and where the answer goes. */
export interface TestParametersRequest {
  id: number;
  missing: MissingParameter[];
  answer(values: Record<string, string> | null): void;
}

export const TEST_PARAMETERS_PANEL = 'whatsapp-test-parameters';

let requests = 0;
/**
 * Asks the operator, through the document's panel, for the values of the {{n}} the template has
 * no example of: opens the dialog and waits for 'Enviar teste' (the values) or 'Cancelar' (null).
 */
export function askTestParameters(showPanel: (panelId: string, payload: unknown) => void, missing: MissingParameter[]): Promise<Record<string, string> | null> {
  return new Promise((resolve) => {
    requests += 1;
    const request: TestParametersRequest = {
      id: requests,
      missing,
      answer: (values) => {
        showPanel(TEST_PARAMETERS_PANEL, null);
        resolve(values);
      },
    };
    showPanel(TEST_PARAMETERS_PANEL, request);
  });
}

const isRequest = (payload: unknown): payload is TestParametersRequest =>
  typeof payload === 'object' && payload !== null && Array.isArray((payload as TestParametersRequest).missing);

/** The panel of the whatsapp-template document that hosts the dialog (nothing shown until the test send asks). */
export function TestParametersPanel({ payload }: { payload: unknown }) {
  if (!isRequest(payload)) return null;
  // A new request is a new dialog: nothing typed before is kept.
  return <TestParametersDialog key={payload.id} request={payload} />;
}

function TestParametersDialog({ request }: { request: TestParametersRequest }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const empty = (p: MissingParameter) => !values[parameterKey(p)]?.trim();
  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (request.missing.some(empty)) return;
    request.answer(Object.fromEntries(request.missing.map((p) => [parameterKey(p), values[parameterKey(p)]!.trim()])));
  }
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && request.answer(null)} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="whatsapp-test-parameters">
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{WHATSAPP_TEXTS.parametersTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text fontSize="sm">{WHATSAPP_TEXTS.parametersHelp}</Text>
                  {request.missing.map((p, i) => {
                    const key = parameterKey(p);
                    return (
                      <Field.Root key={key} required invalid={checked && empty(p)}>
                        <Field.Label>{WHATSAPP_TEXTS.parameterLabel(p.where, p.n)}</Field.Label>
                        <Input autoFocus={i === 0} value={values[key] ?? ''} onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))} />
                        {checked && empty(p) && <Field.ErrorText>{WHATSAPP_TEXTS.parameterRequired}</Field.ErrorText>}
                      </Field.Root>
                    );
                  })}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => request.answer(null)}>
                  {WHATSAPP_TEXTS.parametersCancel}
                </Button>
                <Button type="submit">{WHATSAPP_TEXTS.parametersSend}</Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
