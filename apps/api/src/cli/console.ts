// `npm run console -- <command>`: who may use the operator console. Whoever can run this already controls the server,
// so this is how the first admin is made; later, admins can grant roles in the console itself.
//
//   grant <email> admin                          make an existing account an admin
//   grant <email> brand_manager <brand>          let it manage one brand (the slug it goes by now, or its id)
//   revoke <email> admin | brand_manager <brand> take the role away again
//   list                                         every grant
//
// Uses the same configuration as `npm start` (DATA_DIR or DATABASE_URL). Changes are written to the audit log with no
// actor, which is how the log tells command-line changes apart.
import { ZOperatorRole, type TOperatorRole } from '@cypher/contract';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { AppError } from '../http/app-error.ts';
import { systemClock } from '../lib/clock.ts';
import { grantOperatorRole } from '../modules/console/operators/grant-operator-role.ts';
import { listOperatorGrants } from '../modules/console/operators/list-operator-grants.ts';
import { revokeOperatorRole } from '../modules/console/operators/revoke-operator-role.ts';
import { brandIdNamedNow, UsageError } from './console-brand.ts';

const USAGE = `Usage:
  npm run console -- grant <email> admin
  npm run console -- grant <email> brand_manager <brand slug or id>
  npm run console -- revoke <email> admin
  npm run console -- revoke <email> brand_manager <brand slug or id>
  npm run console -- list`;

function parseRole(args: string[]): { email: string; role: TOperatorRole; brand: string | null } {
  const [email, roleText, brand] = args;
  const role = ZOperatorRole.safeParse(roleText);
  if (!email || !role.success) throw new UsageError(`Give an email and a role (admin or brand_manager).`);
  if (role.data === 'brand_manager' && !brand) throw new UsageError('A brand manager needs a brand (its slug or id).');
  if (role.data === 'admin' && brand) throw new UsageError('An admin manages every brand; leave the brand out.');
  return { email: email.toLowerCase(), role: role.data, brand: brand ?? null };
}

async function brandIdOf(database: Database, brand: string | null): Promise<string | null> {
  return brand ? brandIdNamedNow(database.db, brand) : null;
}

function describeGrant(grant: { user: { email: string }; role: string; brand: { slug: string } | null }) {
  return `${grant.user.email}  ${grant.role}${grant.brand ? `  ${grant.brand.slug}` : ''}`;
}

async function run(database: Database, [command, ...args]: string[]) {
  switch (command) {
    case 'grant': {
      const { email, role, brand } = parseRole(args);
      const grant = await grantOperatorRole(
        database.db,
        systemClock.now(),
        { email, role, brandId: await brandIdOf(database, brand) },
        null,
      );
      console.log(`Granted: ${describeGrant(grant)}`);
      return;
    }
    case 'revoke': {
      const { email, role, brand } = parseRole(args);
      const [grant] = await listOperatorGrants(database.db, { email, role, brandId: await brandIdOf(database, brand) });
      if (!grant) throw new UsageError(`${email} has no such role.`);
      await revokeOperatorRole(database.db, systemClock.now(), grant.id, null);
      console.log(`Revoked: ${describeGrant(grant)}`);
      return;
    }
    case 'list': {
      const grants = await listOperatorGrants(database.db);
      console.log(grants.length === 0 ? 'No operators yet.' : grants.map(describeGrant).join('\n'));
      return;
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : 'Give a command.');
  }
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database);
  await run(database, process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if (error instanceof AppError)
    console.error(error.code === 'USER_ID_NOT_FOUND' ? 'No account uses this email; sign up first.' : error.message);
  else throw error;
  process.exitCode = 1;
} finally {
  await database.close();
}
