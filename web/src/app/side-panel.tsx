import { Flex, type FlexProps } from '@chakra-ui/react';

/** The side panels' width (the collection list, settings): 300 px, as the spec draws them. */
export const PANEL_WIDTH = '300px';

/** The console's left panel (document 2 §9: 300 px wide), shared by the collection and settings screens. */
export function SidePanel(props: FlexProps) {
  return <Flex as="aside" direction="column" w={PANEL_WIDTH} minW={PANEL_WIDTH} maxW={PANEL_WIDTH} h="full" bg="panel" borderRightWidth="1px" {...props} />;
}
