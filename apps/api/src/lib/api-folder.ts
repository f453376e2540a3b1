import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API's own folder (apps/api): the nearest folder above this module that holds a package.json. The answer is the
 * same whether the code runs from its sources under tsx (apps/api/src/lib/...) or from the bundle that `npm start`
 * builds (apps/api/dist/server.mjs), so the files read at run time (migrations, the web build, the data folder) are
 * found from both.
 */
function findApiFolder(): string {
  const start = path.dirname(fileURLToPath(import.meta.url));
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`No package.json above ${start}`);
  }
}

export const apiFolder = findApiFolder();
export const repositoryRoot = path.resolve(apiFolder, '../..');
