// Zod compiles object parsers with `new Function` when it may, and probes whether it may by
// calling it once; under the app's CSP (script-src 'self', no 'unsafe-eval') that probe is a
// reported violation. Jitless parsing never probes, and the schemas here are small. Zod reads its
// settings from this global when it loads (zod/v4/core: globalThis.__zod_globalConfig), so this
// module sets it without importing zod (the vote page does not load zod at all), and is imported
// first by the entry, before any module that builds a schema.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
