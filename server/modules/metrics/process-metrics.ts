import type { Registry } from 'prom-client';

let processRegistry: Promise<Registry> | undefined;

/**
 * prom-client's process metrics (CPU, memory, heap, event-loop lag, GC, handles), in a registry of their
 * own made once per process, at the first scrape: they describe the process, not an app, and collecting
 * them starts an event-loop delay monitor and a GC observer that prom-client never stops. A registry per
 * app (tests build hundreds in one process) would leave one of each per app behind.
 */
export function processMetrics(): Promise<Registry> {
  processRegistry ??= import('prom-client').then(({ collectDefaultMetrics, Registry }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    return registry;
  });
  return processRegistry;
}
