import { Button, Text, type ButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A button inside a widget: type="button", so it never submits the document's form around it. */
export function WidgetButton(props: ButtonProps) {
  return <Button type="button" size="sm" variant="outline" {...props} />;
}

/** A short line inside a widget: a muted note, or an error read out when it appears. */
export function WidgetNote({ tone = 'muted', children }: { tone?: 'muted' | 'error'; children: ReactNode }) {
  return tone === 'error' ? (
    <Text fontSize="sm" color="red.600" role="alert">
      {children}
    </Text>
  ) : (
    <Text fontSize="sm" color="fg.muted">
      {children}
    </Text>
  );
}

/** A small toolbar button named by `label` (its text is a symbol: ↑, B, •). */
export function ToolButton({ label, ...props }: ButtonProps & { label: string }) {
  return <WidgetButton size="xs" variant="ghost" aria-label={label} title={label} {...props} />;
}
