// Whether React is adopting the server's markup (main.tsx hydrating a server-rendered page): a first
// render must then give what the server gave, whatever this browser already has loaded.

let hydrating = false;

export const isHydrating = (): boolean => hydrating;

export function setHydrating(value: boolean): void {
  hydrating = value;
}
