import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { testDatabaseUrl } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { compactPgliteImage, templatePgliteOptions } from './pglite-test-image.ts';

/**
 * Where each test file's fresh database is copied from: one database migrated once per run (vitest's globalSetup for
 * the api project), instead of every file running every migration again. On PGlite, an image of its data folder in a
 * file (a file's database boots from it in about a third of a second, where booting and migrating took two to five); on
 * PostgreSQL, a template database that CREATE DATABASE copies. Files that need another schema (the upgrade test) still
 * migrate their own.
 */
export type TMigratedTemplate = { kind: 'pglite'; imageFile: string } | { kind: 'postgres'; databaseName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplate: TMigratedTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-pglite-template-'));
    const imageFile = path.join(folder, 'migrated.tar');
    const pglite = await PGlite.create(templatePgliteOptions);
    const database = await openDatabase({ pglite });
    await runMigrations(database);
    fs.writeFileSync(imageFile, await compactPgliteImage(pglite));
    await database.close();
    project.provide('migratedTemplate', { kind: 'pglite', imageFile });
    return async () => fs.rmSync(folder, { recursive: true, force: true });
  }

  const databaseName = `test_template_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${databaseName}`);
  const database: Database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, databaseName), poolSize: 1 });
  try {
    await runMigrations(database);
  } finally {
    // No session may stay on a template: CREATE DATABASE refuses to copy one that is in use.
    await database.close();
  }
  project.provide('migratedTemplate', { kind: 'postgres', databaseName });
  return () => onServer(serverUrl, `drop database if exists ${databaseName} with (force)`);
}

export function databaseUrlFor(serverUrl: string, databaseName: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
