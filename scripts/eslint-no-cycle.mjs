/**
 * A local ESLint rule, `local/no-cycle`: an import that closes a circle of relative imports fails.
 * Neither eslint-plugin-import nor eslint-plugin-import-x is installed, and a circle needs only the
 * import lines, so this small rule reads them itself.
 *
 * Every import that loads a module at run time makes an edge, a dynamic `import('./x.js')` too
 * (it loads the same module, only later; hiding a circle behind it keeps the tangle). `import type`
 * and `export type` are erased and make none, while `import { type A }` does (verbatimModuleSyntax
 * keeps an empty import). Bare specifiers (packages, `node:`) are not followed.
 *
 * Option `ignoreDynamicImports`: follow static imports only, for code split into chunks that are
 * loaded by `import()` and import their loader back (eslint.config.js says where).
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

/** A file's run-time imports, kept while its mtime and size stay the same (editors lint often). */
const parsed = new Map();

const CODE = /\.(?:[cm]?[jt]sx?)$/;

/** The file a relative specifier names: `./x.js` is x.ts in source, `./dir` its index. */
function resolveSpecifier(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [base];
  if (/\.[cm]?js$/.test(base)) {
    const stem = base.replace(/\.([cm]?)js$/, '.$1ts');
    candidates.push(stem, stem.replace(/ts$/, 'tsx'));
  } else if (!CODE.test(base)) {
    candidates.push(`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`);
  }
  for (const candidate of candidates) {
    if (!CODE.test(candidate)) continue;
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not this one; try the next spelling.
    }
  }
  return null;
}

/** Relative specifiers a file loads at run time, static and dynamic, from TypeScript's parse of it. */
function runtimeSpecifiers(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = { static: [], dynamic: [] };
  const visit = (node) => {
    let spec;
    let kind = 'static';
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) spec = node.moduleSpecifier;
    else if (ts.isExportDeclaration(node) && !node.isTypeOnly) spec = node.moduleSpecifier;
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      [spec, kind] = [node.arguments[0], 'dynamic'];
    if (spec && ts.isStringLiteralLike(spec) && spec.text.startsWith('.')) found[kind].push(spec.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The resolved run-time imports of a file on disk, through the cache; none when it cannot be read. */
function dependenciesOnDisk(file) {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return { static: [], dynamic: [] };
  }
  const hit = parsed.get(file);
  if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) return hit.deps;
  const specifiers = runtimeSpecifiers(file, readFileSync(file, 'utf8'));
  const resolveAll = (list) => [...new Set(list.map((s) => resolveSpecifier(file, s)).filter(Boolean))];
  const deps = { static: resolveAll(specifiers.static), dynamic: resolveAll(specifiers.dynamic) };
  parsed.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, deps });
  return deps;
}

/** The shortest path of imports from `start` back to `target`, or null when there is none. */
function pathBack(start, target, depsOf) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i];
    if (file === target) {
      const path = [];
      for (let at = file; at !== null; at = previous.get(at)) path.unshift(at);
      return path;
    }
    for (const next of depsOf(file)) {
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids an import that closes a circle of relative run-time imports.' },
    schema: [
      {
        type: 'object',
        properties: { ignoreDynamicImports: { type: 'boolean' } },
        additionalProperties: false,
      },
    ],
    messages: { cycle: 'Ciclo de imports: {{path}}. Mova o que é compartilhado para um módulo que não importe nenhum deles.' },
  },
  create(context) {
    const file = context.filename;
    const ignoreDynamic = context.options[0]?.ignoreDynamicImports === true;
    const edges = [];
    const note = (node) => {
      const source = node.source;
      // 'x' or `x` without substitutions: a specifier computed at run time cannot be followed.
      const specifier =
        source?.type === 'TemplateLiteral' && source.expressions.length === 0 ? source.quasis[0]?.value.cooked : source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolveSpecifier(file, specifier);
      if (target) edges.push({ node: source, target, dynamic: node.type === 'ImportExpression' });
    };
    return {
      ImportDeclaration(node) {
        if (node.importKind !== 'type') note(node);
      },
      ExportNamedDeclaration(node) {
        if (node.exportKind !== 'type') note(node);
      },
      ExportAllDeclaration(node) {
        if (node.exportKind !== 'type') note(node);
      },
      ImportExpression: note,
      'Program:exit'() {
        const followed = ignoreDynamic ? edges.filter((e) => !e.dynamic) : edges;
        if (followed.length === 0) return;
        // The file being linted is read from the editor's text, every other file from disk.
        const memo = new Map([[file, [...new Set(followed.map((e) => e.target))]]]);
        const depsOf = (f) => {
          if (!memo.has(f)) {
            const deps = dependenciesOnDisk(f);
            memo.set(f, ignoreDynamic ? deps.static : [...new Set([...deps.static, ...deps.dynamic])]);
          }
          return memo.get(f);
        };
        const root = context.cwd;
        for (const { node, target } of followed) {
          const back = pathBack(target, file, depsOf);
          if (back) context.report({ node, messageId: 'cycle', data: { path: [file, ...back].map((f) => relative(root, f)).join(' → ') } });
        }
      },
    };
  },
};

export default { meta: { name: 'local' }, rules: { 'no-cycle': noCycle } };
