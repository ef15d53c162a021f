import { expect, it, vi } from 'vitest';
import { loadIpLookup } from './ip-location';

// In a file of its own: geoip-lite reads its files once per process, and here it must read them whole.
it("reads geoip-lite's whole database, with a warning, when the UK cut cannot be made", async () => {
  const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
  try {
    const lookup = await loadIpLookup(() => Promise.reject(new Error('EROFS: read-only file system')));
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining("The UK cut of geoip-lite's database could not be made (EROFS"),
    );
    expect(lookup('81.2.69.160')).toMatchObject({ country: 'GB', city: expect.stringMatching(/\S/) });
    // Only the whole database has ranges outside the UK.
    expect(lookup('8.8.8.8')).toMatchObject({ country: 'US' });
  } finally {
    warn.mockRestore();
  }
});
