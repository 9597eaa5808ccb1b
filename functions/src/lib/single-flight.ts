/**
 * Calls under way, by key: a second call with the key of one still running shares its answer
 * instead of starting its own (request coalescing). The five texts of the combined AI task ask
 * for the same product at the same moment; one read serves them. Nothing is kept once a call
 * settles, so no answer outlives the calls that asked for it.
 */
export function createSingleFlight<T>() {
  const running = new Map<string, Promise<T>>();
  return (key: string, call: () => Promise<T>): Promise<T> => {
    const shared = running.get(key);
    if (shared) return shared;
    const started = call().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
