// Import boundaries (docs/decisions/0014-import-boundaries.md), run by `npm run lint` after oxlint. oxlint's
// no-restricted-imports matches an import's text, not the file it reaches: "../../wallet/x.ts" is another feature
// from one folder and the same feature from another, so the rules need the resolved path, which this script has.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webFeatures = 'apps/web/src/features';
const apiModules = 'apps/api/src/modules';

/**
 * Imports that break a rule today, each with why it stays for now. An entry that no longer matches an import fails
 * the check too, so the list only shrinks. `file` imports `target` (both from the repository root).
 */
const exemptions = [];

const rules = {
  'web-feature-internals': {
    summary: 'a web feature does not import another feature',
    advice: 'share through packages/contract, apps/web/src/ui or apps/web/src/lib',
  },
  'web-upward': {
    summary: 'nothing imports upward: features do not import the app shell, ui, lib and api import neither',
    advice: 'move what both need down into ui, lib, api or packages/contract',
  },
  'api-module-tables': {
    summary: "an API module does not import another module's tables",
    advice: 'call a service function of the owning module; to show its rows beside yours, ask it for them by id',
  },
  'api-module-sql': {
    summary: "an API module's SQL does not name another module's table",
    advice: "use the owning module's service function or SQL fragment (as orders composes drops' assignPacksCtes)",
  },
};

/** The feature (web) or module (API) a repository path belongs to, or null. */
function ownerIn(base, file) {
  if (!file.startsWith(`${base}/`)) return null;
  const [owner, ...rest] = file.slice(base.length + 1).split('/');
  return rest.length > 0 ? owner : null;
}

function ruleBroken(file, target) {
  const fileFeature = ownerIn(webFeatures, file);
  const targetFeature = ownerIn(webFeatures, target);
  if (targetFeature && fileFeature && fileFeature !== targetFeature) return 'web-feature-internals';
  const isAppShell = target.startsWith('apps/web/src/app/');
  if ((fileFeature && isAppShell) || (/^apps\/web\/src\/(ui|lib|api)\//.test(file) && (targetFeature || isAppShell))) {
    return 'web-upward';
  }
  const targetModule = ownerIn(apiModules, target);
  if (targetModule && target.endsWith('.tables.ts') && ownerIn(apiModules, file) !== targetModule) {
    return isApiTablesReaderByRole(file) ? null : 'api-module-tables';
  }
  return null;
}

/**
 * Who may import another module's tables anyway: a tables file (a foreign key names the table it points at), the
 * db folder (the schema index gathers every table for drizzle, the demo seed fills them), the test helpers, and
 * tests (they check what the database holds, whoever owns it). None of them is on a request's path.
 */
function isApiTablesReaderByRole(file) {
  return (
    file.endsWith('.tables.ts') ||
    file.startsWith('apps/api/src/db/') ||
    file.startsWith('apps/api/src/testing/') ||
    file.endsWith('.test.ts')
  );
}

function sourceFiles(dir) {
  const found = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...sourceFiles(relative));
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(relative);
  }
  return found;
}

/** A relative import as a repository path (the code names its extensions; a bare folder means its index). */
function resolveImport(file, specifier) {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`]) {
    if (fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  return target;
}

const violations = [];
for (const file of [...sourceFiles('apps/web/src'), ...sourceFiles('apps/api/src')]) {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  // Type-only imports count: a type from another feature or another module's table shape is the same coupling.
  for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
    if (!specifier.startsWith('.')) continue;
    const target = resolveImport(file, specifier);
    const rule = ruleBroken(file, target);
    if (rule) violations.push({ file, specifier, target, rule });
  }
}

/**
 * Hand-written SQL is outside the import check: `sql\`select ... from editions\`` in the drops module reads the
 * collection's table without importing it. So every table's owner is read from the `pgTable('name'` of the module's
 * tables files, and the text of every `sql` template in a module (its literal parts; interpolated fragments belong to
 * whoever wrote them) may name only its own module's tables after from, join, into, update or table. Tests and tables
 * files are outside the rule, as for imports.
 */
function tableOwners() {
  const owners = new Map();
  for (const file of sourceFiles(apiModules).filter((name) => name.endsWith('.tables.ts'))) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(/pgTable\(\s*'([a-z_][a-z0-9_]*)'/g))
      owners.set(match[1], ownerIn(apiModules, file));
  }
  return owners;
}

function sqlTemplateTexts(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const texts = [];
  const visit = (node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      const template = node.template;
      if (ts.isNoSubstitutionTemplateLiteral(template)) texts.push(template.text);
      else texts.push([template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ? '));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

const owners = tableOwners();
for (const file of sourceFiles(apiModules)) {
  const module = ownerIn(apiModules, file);
  if (!module || isApiTablesReaderByRole(file)) continue;
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  for (const query of sqlTemplateTexts(file, text)) {
    for (const match of query.matchAll(/\b(?:from|join|into|update|table)\s+"?([a-z_][a-z0-9_]*)"?/gi)) {
      const owner = owners.get(match[1].toLowerCase());
      if (owner && owner !== module) {
        violations.push({
          file,
          specifier: `sql naming ${match[1]}`,
          target: `apps/api/src/modules/${owner}`,
          rule: 'api-module-sql',
        });
      }
    }
  }
}

const isExempt = (violation) =>
  exemptions.some((exemption) => exemption.file === violation.file && exemption.target === violation.target);
const unexplained = violations.filter((violation) => !isExempt(violation));
const stale = exemptions.filter(
  (exemption) => !violations.some((v) => v.file === exemption.file && v.target === exemption.target),
);

for (const { file, specifier, rule } of unexplained) {
  const what = rule === 'api-module-sql' ? specifier : `imports '${specifier}'`;
  console.error(`${file}: ${what}: ${rules[rule].summary} [${rule}]; ${rules[rule].advice}.`);
}
for (const { file, target } of stale) {
  console.error(`scripts/check-boundaries.mjs: the exemption for ${file} -> ${target} no longer applies; remove it.`);
}
if (unexplained.length > 0 || stale.length > 0) {
  console.error(
    `\nModule boundaries: ${unexplained.length} import(s) or SQL reference(s) across a boundary, ${stale.length} stale exemption(s). ` +
      'See docs/decisions/0014-import-boundaries.md.',
  );
  process.exit(1);
}
console.log(
  `Module boundaries hold, imports and SQL (${violations.length} exempted import(s) listed in scripts/check-boundaries.mjs).`,
);
