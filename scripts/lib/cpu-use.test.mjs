import { describe, expect, it } from 'vitest';
import { cpuReport, processKind, watchCpu } from './cpu-use.mjs';

describe("npm test's CPU by kind", () => {
  it('names what each of the run’s processes is', () => {
    expect(processKind('/usr/lib/chromium/chromium --type=renderer --no-sandbox', '', 'chromium')).toBe('browser (chromium)');
    expect(processKind('/usr/bin/node /work/node_modules/firebase-tools/lib/emulator/functionsEmulatorRuntime', '', 'node')).toBe('Functions workers');
    expect(processKind('/usr/lib/jvm/bin/java -Xmx2g -jar cloud-firestore-emulator.jar --port 8090', '', 'java')).toBe('Firestore and Storage rules JVMs');
    expect(processKind('/usr/bin/node node_modules/firebase-tools/lib/bin/firebase.js emulators:start --project demo-console-10', '', 'node')).toBe(
      'firebase-tools (emulator hub, Hosting, Auth, tasks)',
    );
    expect(processKind('/usr/bin/node node_modules/vitest/dist/workers/forks.js', 'PATH=/bin\0CONSOLE_TEST_LANE=2\0', 'node')).toBe(
      'emulator and browser test files',
    );
    expect(processKind('/usr/bin/node node_modules/vitest/dist/workers/forks.js', 'PATH=/bin\0', 'node')).toBe('unit test files');
    expect(processKind('/usr/bin/node node_modules/typescript/bin/tsc -b', '', 'node')).toBe('gate (types, lint, format)');
  });

  it('says how far the run is from the floor its CPU sets, the biggest share first', () => {
    const report = cpuReport(
      new Map([
        ['Functions workers', 300],
        ['browser (chromium)', 600],
      ]),
      600_000,
      2,
    );
    expect(report.split('\n')).toEqual([
      'test: CPU used 900 s of the 1200 s 2 cores give in 600 s (75 %): no arrangement of this work runs in less than 450 s here',
      '     600 s   67 %  browser (chromium)',
      '     300 s   33 %  Functions workers',
    ]);
  });

  it('counts the CPU of a process this one started', async () => {
    const { spawn } = await import('node:child_process');
    const watch = watchCpu({ everyMs: 50 });
    // Busy for 400 ms, then it says so and waits: counted while it is alive, whatever the load.
    const child = spawn(process.execPath, ['-e', 'const end = Date.now() + 400; while (Date.now() < end); console.log("done"); setInterval(() => {}, 1000);']);
    await new Promise((resolve) => child.stdout.once('data', resolve));
    await new Promise((resolve) => setTimeout(resolve, 120)); // a sample while it runs
    const used = watch.stop();
    child.kill();
    if (process.platform !== 'linux') return; // no /proc
    expect([...(used ?? new Map()).values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0.2);
  });
});
