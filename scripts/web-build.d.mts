/** Builds dist/web and dist/server when missing or older than their sources (or when forced). */
export function ensureWebBuild(options?: { force?: boolean }): void;
export function webBuildIsStale(): boolean;
