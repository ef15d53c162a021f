// The browser's EventSource, played by the test: the app's live updates without a server.
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  /** Every stream opened since `stubEventSource`, oldest first. */
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** Sends an event as the server would; inside act, so what it changes has rendered when this returns. */
  emit(type: string, data: unknown) {
    act(() => {
      this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
    });
  }
}

/** Puts FakeEventSource in place of EventSource (until `vi.unstubAllGlobals`) and forgets earlier streams. */
export function stubEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}
