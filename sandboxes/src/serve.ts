import { sandboxEnv, sandboxSecrets, startSandboxes } from './index.js';

/**
 * The sandboxes as a process of their own (sandboxes/dist/serve.mjs), the way scripts/lib/stack.mjs
 * runs them: a script that starts the stack may then block its own event loop (spawnSync of
 * vitest), which would freeze servers living in it. Usage: node serve.mjs <portBase>.
 * Prints one JSON line — {urls, env} once listening, or {error} — and stops on SIGTERM/SIGINT or
 * when its parent goes away (stdin closes), so no orphan keeps the ports.
 */

const portBase = Number(process.argv[2] ?? 0);

try {
  const sandboxes = await startSandboxes({ portBase });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await sandboxes.stop();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
  process.stdout.write(`${JSON.stringify({ urls: sandboxes.urls, env: sandboxEnv(sandboxes.urls), secrets: sandboxSecrets() })}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`);
  process.exit(1);
}
