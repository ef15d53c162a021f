import type sharpModule from 'sharp';

// sharp is a native module that takes ~0.1 s to load; only uploads need it, so it loads on the first.
let loading: Promise<typeof sharpModule> | undefined;

export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
