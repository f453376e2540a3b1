import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TConfig } from '../config.ts';

/**
 * Outside production AUTH_SECRET may be left unset: a random one is made on first start and kept in DATA_DIR, so
 * sessions survive restarts. Production must configure it (config.ts refuses to start without it), because every
 * instance behind a load balancer has to sign and check tokens with the same key.
 */
function loadOrCreateLocalSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The configuration with AUTH_SECRET filled in from DATA_DIR when unset (production never gets here unset). Every
 * entry point that signs or encrypts with it, or with a key derived from it (the provenance seed key outside
 * production), loads the configuration through this.
 */
export function withLocalAuthSecret(config: TConfig): TConfig {
  if (config.auth.secret) return config;
  return { ...config, auth: { ...config.auth, secret: loadOrCreateLocalSecret(config.dataDir) } };
}
