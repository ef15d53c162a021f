// Content negotiation for answers the server compresses itself, or once and keeps: static files,
// rendered pages, visitors' shared API answers.

/** Which of brotli and gzip the client accepts (`*` counts for both; q=0 refuses one). */
export function acceptedEncodings(header: string | string[] | undefined): { br: boolean; gzip: boolean } {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let br = false;
  let gzip = false;
  if (value === '') return { br, gzip };
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(?:\.0{0,3})?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip') gzip = true;
    else if (name === '*') {
      br = true;
      gzip = true;
    }
  }
  return { br, gzip };
}
