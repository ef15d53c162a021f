import { EventEmitter } from 'node:events';
import type { BusEvent, EventBus } from './event-bus';

/** One process (the embedded database): announcements go straight to this process's listeners. */
export class LocalEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(event: Exclude<BusEvent, { type: 'resync' }>): void {
    // Never inside the publisher's call stack: a listener's failure is not the sender's.
    setImmediate(() => this.emitter.emit('event', event));
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
