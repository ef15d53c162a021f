import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | undefined;

/**
 * prom-client's process metrics (CPU, memory, heap, event-loop lag, GC, handles), in a registry of their
 * own made once per process: they describe the process, not an app, and collecting them starts an
 * event-loop delay monitor and a GC observer that prom-client never stops. A registry per app (tests
 * build hundreds in one process) would leave one of each per app behind.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
