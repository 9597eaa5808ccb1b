// The test page of bench/conditions.mjs: the console's ConditionBuilder on a product rule of
// `?nodes=` nodes (200 by default; no preview: it needs the server), timed from inside the page,
// and a bare input beside it (index.html, outside React): the same page's cost of a keystroke
// without the builder.
import { ChakraProvider, Text } from '@chakra-ui/react';
import { Profiler, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { countNodes, normaliseCondition, type ConditionNode } from '@console/shared';
import { system } from '../../web/src/app/theme';
import { ConditionBuilder } from '../../web/src/condition-builder/ConditionBuilder';
import { largeConditionTree } from '../../test-support/condition-arbitraries';
import { afterNextPaint, timeKeystrokes } from '../lib/keystroke-timing';

// Random conditions, with one text comparison to type into first.
const size = Number(new URLSearchParams(location.search).get('nodes') ?? 200);
const random = largeConditionTree(size + 40, 7) as { type: 'AND'; params: ConditionNode[] };
// At least `size` nodes with the comparison and root added below (3 + 1 − 1 of random's root), as few more as the parts allow.
const sized = (params: ConditionNode[]) => countNodes(normaliseCondition({ type: 'AND', params })) + 3;
while (random.params.length > 2 && sized(random.params.slice(0, -1)) >= size) random.params.pop();
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

/** Opens the rule: asked once the page (React, Chakra and its styles) has painted without it. */
let openRule: () => void = () => {};
let askedAt = 0;

function Bench() {
  const [value, setValue] = useState<ConditionNode | null>(tree);
  const [open, setOpen] = useState(false);
  openRule = () => setOpen(true);
  // After the commit that mounts the builder: timed to the paint of that frame.
  useLayoutEffect(() => {
    if (open) afterNextPaint(() => Object.assign(window, { bench: { nodes: countNodes(tree), openMs: performance.now() - askedAt, keystrokes, renders } }));
  }, [open]);
  if (!open) return <Text>Abrindo a regra…</Text>;
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

createRoot(document.getElementById('root')!).render(
  <ChakraProvider value={system}>
    <Bench />
  </ChakraProvider>,
);
// The open is timed as in the console, where the app is running when a rule is opened: from the
// moment the builder is asked for to the paint of the frame that shows it.
afterNextPaint(() => {
  askedAt = performance.now();
  openRule();
});
