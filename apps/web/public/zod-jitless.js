/*
 * Runs before the app's modules (a classic script in index.html). Zod compiles fast object parsers with `new Function` where
 * the page allows eval, and probes for that when a schema is built; the Content-Security-Policy allows no eval, so every probe
 * is reported as a violation. Zod reads this object as its global configuration when it loads: jitless, it never probes.
 */
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
