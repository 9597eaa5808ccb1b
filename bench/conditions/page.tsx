// The test page of bench/conditions.mjs: the console's ConditionBuilder on a tree of about 200
// nodes (no preview: it needs the server), timed from inside the page.
import { ChakraProvider } from '@chakra-ui/react';
import { Profiler, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { countNodes, normaliseCondition, type ConditionNode } from '@console/shared';
import { system } from '../../web/src/app/theme';
import { ConditionBuilder } from '../../web/src/condition-builder/ConditionBuilder';
import { largeConditionTree } from '../../test-support/condition-arbitraries';
import { afterNextPaint, timeKeystrokes } from '../lib/keystroke-timing';

// A product rule of ~200 nodes: random conditions, with one text comparison to type into first.
const random = largeConditionTree(190, 7) as { type: 'AND'; params: ConditionNode[] };
// Normalised, as the editor stores trees (an unnormalised one is flattened on the first edit).
const tree: ConditionNode = normaliseCondition({
  type: 'AND',
  params: [
    {
      type: '=',
      params: [
        { type: 'field', value: 'ProductSiteName' },
        { type: 'string', value: 'Panela' },
      ],
    },
    ...random.params,
  ],
});

function Bench() {
  const [value, setValue] = useState<ConditionNode | null>(tree);
  return (
    <Profiler
      id="builder"
      onRender={(_, phase, actualMs) => {
        if (phase !== 'mount') renders.push(actualMs);
      }}
    >
      <ConditionBuilder value={value} context="product" preview={false} onChange={(v) => setValue(v?.map ?? null)} />
    </Profiler>
  );
}

/** React's own time per update (render + commit of the builder), apart from the browser's. */
const renders: number[] = [];
const keystrokes = timeKeystrokes();

const started = performance.now();
createRoot(document.getElementById('root')!).render(
  <ChakraProvider value={system}>
    <Bench />
  </ChakraProvider>,
);
afterNextPaint(() => Object.assign(window, { bench: { nodes: countNodes(tree), openMs: performance.now() - started, keystrokes, renders } }));
