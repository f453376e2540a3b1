// The server the journeys run against: the real API and web app on a fresh embedded database in a temporary
// folder (or on DATABASE_URL when set), with the dev mailbox on so journeys can read emails and SMS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = 'development';
process.env.LOG_LEVEL ??= 'warn';
// Every journey signs up from 127.0.0.1: a run makes about ten accounts, and a rerun within the hour as many again.
process.env.SIGN_UP_LIMIT_PER_HOUR ??= '1000';
process.env.PUBLIC_URL = `http://127.0.0.1:${process.env.PORT}`;
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));

// The same bundle `npm start` runs (scripts/lib/prepare.mjs), built here if its sources changed.
const { apiServerBundle, ensureApiBuild } = await import(new URL('scripts/lib/prepare.mjs', `file://${root}/`).href);
await ensureApiBuild();
process.setSourceMapsEnabled(true);
await import(new URL(`file://${apiServerBundle}`).href);
