import ts from 'typescript';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
const roots = ['packages/pos-react', 'packages/pos-cli', 'packages/pos-server', 'examples', 'bench', 'scripts'];
const out = {};
const walk = (d) => { for (const n of readdirSync(d)) { if (n === 'node_modules' || n === 'dist') continue; const p = join(d, n); if (statSync(p).isDirectory()) walk(p); else if (/\.(ts|tsx|mts|mjs)$/.test(n)) scan(p); } };
function scan(p) {
  const sf = ts.createSourceFile(p, readFileSync(p, 'utf8'), ts.ScriptTarget.Latest, true);
  for (const st of sf.statements) {
    if ((ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      const spec = st.moduleSpecifier.text; if (!spec.startsWith('pos-sdk')) continue;
      const names = [];
      const nb = ts.isImportDeclaration(st) ? st.importClause?.namedBindings : st.exportClause;
      if (nb && (ts.isNamedImports(nb) || ts.isNamedExports(nb))) for (const e of nb.elements) names.push((e.propertyName ?? e.name).text);
      else names.push('*');
      for (const n of names) ((out[spec] ??= {})[n] ??= []).push(p);
    }
  }
}
for (const r of roots) walk(r);
const which = process.argv[2];
for (const [spec, m] of Object.entries(out)) { if (which && spec !== which) continue; console.log('##', spec, Object.keys(m).length); for (const [n, fs] of Object.entries(m).sort()) console.log(' ', n, [...new Set(fs.map(f=>f.split('/').slice(0,2).join('/')))].join(',')); }
