export const SERVER_DIST_DIR: string;
export function serverEntry(name: 'main' | 'embedded-cluster'): string;
export function serverBuildIsCurrent(): boolean;
export function buildServer(options?: { outdir?: string }): Promise<number>;
export function ensureServerBuild(options?: { force?: boolean }): Promise<boolean>;
