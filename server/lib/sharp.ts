import type sharpModule from 'sharp';

// sharp is a native module that takes ~0.1 s to load; only uploads need it, so it loads on the first.
let loading: Promise<typeof sharpModule> | undefined;

export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then((m) => {
    // libvips keeps recent operations for reuse (up to 50 MB by default). Every upload is a new image
    // processed once, so nothing is ever reused: the cache only grew the server's memory per upload.
    m.default.cache(false);
    return m.default;
  });
  return loading;
}
