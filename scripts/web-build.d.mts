export function webBuildIsCurrent(distDir?: string): boolean;
export function ensureWebBuild(options?: { quiet?: boolean; force?: boolean }): Promise<boolean>;
