import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastOutlet, toastOutletMounted, useToastOutletWanted } from './toast-outlet';

describe('the toast outlet', () => {
  it('is wanted from the first toast on, and a toast waits until it listens', async () => {
    const wanted = renderHook(() => useToastOutletWanted());
    expect(wanted.result.current).toBe(false);
    let shown = false;
    act(() => {
      void toastOutlet().then(() => {
        shown = true;
      });
    });
    expect(wanted.result.current).toBe(true);
    await Promise.resolve();
    expect(shown).toBe(false);
    toastOutletMounted();
    await expect(toastOutlet()).resolves.toBeUndefined();
    expect(shown).toBe(true);
  });
});
