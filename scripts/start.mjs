// `npm start`: install what is missing, build the web app and bundle the API if needed, then run the API (which
// migrates, seeds an empty database and serves the web app and the API on one port).
import { apiServerBundle, ensureApiBuild, ensureDependencies, ensureWebBuild } from './lib/prepare.mjs';

ensureDependencies();
ensureWebBuild();
await ensureApiBuild();

// Stack traces name the TypeScript sources, through the bundle's source map.
process.setSourceMapsEnabled(true);
await import(new URL(`file://${apiServerBundle}`).href);
