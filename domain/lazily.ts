/**
 * `make()`'s value, made on the first call and kept. For Intl formatters kept at module level: the
 * first one a page constructs loads the locale's data, and made at import they cost a phone's main
 * thread tens of milliseconds while the page starts, for formats it may never show (bench/README.md,
 * issue 40).
 */
export function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
