// `npm run build:api`: bundles the API into apps/api/dist/server.mjs when its sources changed (scripts/lib/prepare.mjs).
import { ensureApiBuild } from './lib/prepare.mjs';

await ensureApiBuild();
