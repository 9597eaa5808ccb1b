import { Button } from '@chakra-ui/react';

/** A document's action button (the header's and a collection extension's look alike). */
export function ActionButton(props: React.ComponentProps<typeof Button>) {
  return <Button size="sm" variant="outline" {...props} />;
}
