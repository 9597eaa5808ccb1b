// The test page of bench/conditions.mjs: the console's ConditionBuilder on a product rule of
// `?nodes=` nodes (200 by default; no preview: it needs the server), timed from inside the page,
// and a bare input beside it (index.html, outside React): the same page's cost of a keystroke
// without the builder.
import { ChakraProvider } from '@chakra-ui/react';
import { Profiler, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { countNodes, normaliseCondition, type ConditionNode } from '@console/shared';
import { system } from '../../web/src/app/theme';
import { ConditionBuilder } from '../../web/src/condition-builder/ConditionBuilder';
import { largeConditionTree } from '../../test-support/condition-arbitraries';
import { afterNextPaint, timeKeystrokes } from '../lib/keystroke-timing';

// Random conditions, with one text comparison to type into first.
const size = Number(new URLSearchParams(location.search).get('nodes') ?? 200);
const random = largeConditionTree(size - 10, 7) as { type: 'AND'; params: ConditionNode[] };
// In normal form, as the conditionSql trigger stores trees.
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
