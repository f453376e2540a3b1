// `npm start`: install what is missing, build the web app if needed, then run the API (which migrates, seeds an
// empty database and serves the web app and the API on one port).
import { ensureDependencies, ensureWebBuild, root } from './lib/prepare.mjs';

ensureDependencies();
ensureWebBuild();

const { register } = await import('tsx/esm/api');
register();
await import(new URL('apps/api/src/main.ts', `file://${root}/`).href);
