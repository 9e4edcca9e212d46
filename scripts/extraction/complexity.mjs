#!/usr/bin/env node
/**
 * How many rules the treatment readers hold: regular expressions (literals and `new RegExp`),
 * branches (if, ?:, case, &&, ||, ??) and the longest function, per file and in total. Issue 35
 * asks for fewer rules, not more: run it before and after a change to the readers.
 *
 *   node scripts/extraction/complexity.mjs [files…]   (default: the treatment readers)
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const DEFAULT = [
  'src/server/extraction/treatments.ts',
  'src/server/extraction/treatment-readers.ts',
  'src/server/extraction/treatment-choice.ts',
  'src/server/extraction/treatment-sources.ts',
  'src/server/extraction/treatment-text.ts',
  'src/server/extraction/results-tables.ts',
];
const files = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT;
const BRANCH_OPS = new Set([ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken]);

const rows = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue;
  }
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const row = { file, lines: text.split('\n').length, regex: 0, branches: 0, longest: '', longestLines: 0 };
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) row.regex++;
    if (ts.isNewExpression(node) && node.expression.getText(src) === 'RegExp') row.regex++;
    if (ts.isIfStatement(node) || ts.isConditionalExpression(node) || ts.isCaseClause(node)) row.branches++;
    if (ts.isBinaryExpression(node) && BRANCH_OPS.has(node.operatorToken.kind)) row.branches++;
    if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) {
      const start = src.getLineAndCharacterOfPosition(node.getStart(src)).line;
      const end = src.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > row.longestLines) {
        row.longestLines = end - start + 1;
        row.longest = node.name?.getText(src) ?? '(anonymous)';
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  rows.push(row);
}
const total = rows.reduce((t, r) => ({ lines: t.lines + r.lines, regex: t.regex + r.regex, branches: t.branches + r.branches }), {
  lines: 0,
  regex: 0,
  branches: 0,
});
for (const r of rows)
  console.log(
    `${r.file.padEnd(48)} ${String(r.lines).padStart(5)} lines ${String(r.regex).padStart(4)} regex ${String(r.branches).padStart(4)} branches  longest ${r.longest} (${r.longestLines})`,
  );
console.log(
  `${'total'.padEnd(48)} ${String(total.lines).padStart(5)} lines ${String(total.regex).padStart(4)} regex ${String(total.branches).padStart(4)} branches`,
);
