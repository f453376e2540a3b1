import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite options for the run's template database: WAL segments of 1 MB instead of 16. A file's database boots by
 * unpacking the template's image into memory, and the default segment alone was 16 of its 45 MB.
 */
export const templatePgliteOptions = { initDbStartParams: ['--wal-segsize=1'] };

/**
 * A test file's database, booted from the template's image with 16 MB of shared buffers instead of PGlite's 128: a
 * test database holds a few megabytes, and setting up the larger pool was most of a boot (0.3 s against 0.9 on
 * 2026-12-07's machine; with 32 MB, 0.5 to 0.9).
 */
export function startPgliteFromImage(image: Blob): Promise<PGlite> {
  return PGlite.create({
    loadDataDir: image,
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
}

/**
 * The image of a migrated PGlite (started with `templatePgliteOptions`) that a test file's database boots from,
 * without what no test database reads: the template0 and template1 databases (no test creates a database on PGlite)
 * and the write-ahead log before the last checkpoint or kept for reuse: 14 MB instead of 45.
 */
export async function compactPgliteImage(pglite: PGlite): Promise<Uint8Array> {
  for (const template of ['template0', 'template1']) {
    await pglite.exec(`update pg_database set datistemplate = false where datname = '${template}'`);
    // DROP DATABASE refuses to run in a multi-statement string: one statement per call.
    await pglite.exec(`drop database ${template}`);
  }
  // Everything written so far goes to the data files; the log needed to start again is what follows this checkpoint.
  await pglite.exec('checkpoint');
  const {
    rows: [wal],
  } = await pglite.query<{ redo: string; current: string }>(
    `select redo_wal_file as redo, pg_walfile_name(pg_current_wal_insert_lsn()) as current
       from pg_control_checkpoint()`,
  );
  if (!wal) throw new Error('PGlite named no write-ahead log to keep');
  const image = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
  // Kept: every segment from the checkpoint's redo point to where the log ends (names of one timeline sort in the
  // log's order). Dropped: those before, and the recycled ones PostgreSQL keeps ready to write next.
  return withoutTarEntries(image, (name) => {
    const segment = /pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    return segment !== undefined && (segment < wal.redo || segment > wal.current);
  });
}

const TAR_BLOCK = 512;

/** A ustar archive without the entries `drop` names: each entry is a 512-byte header and its data in whole blocks. */
function withoutTarEntries(tar: Uint8Array, drop: (name: string) => boolean): Uint8Array {
  const kept: Uint8Array[] = [];
  let offset = 0;
  while (offset + TAR_BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + TAR_BLOCK);
    // Two zero blocks end the archive; what follows them is padding.
    if (header.every((byte) => byte === 0)) break;
    const size = Number.parseInt(tarField(header, 124, 12) || '0', 8);
    const entryLength = TAR_BLOCK + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK;
    const prefix = tarField(header, 345, 155);
    const name = prefix ? `${prefix}/${tarField(header, 0, 100)}` : tarField(header, 0, 100);
    if (!drop(name)) kept.push(tar.subarray(offset, offset + entryLength));
    offset += entryLength;
  }
  kept.push(new Uint8Array(TAR_BLOCK * 2));
  const result = new Uint8Array(kept.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of kept) {
    result.set(part, at);
    at += part.length;
  }
  return result;
}

function tarField(header: Uint8Array, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end === -1 ? field : field.subarray(0, end)).trim();
}
