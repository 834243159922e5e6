import ts from 'typescript';
import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
const SDK = 'packages/pos-sdk/src/';
const entries = { 'pos-sdk': 'index.ts', 'pos-sdk/contract': 'contract/index.ts', 'pos-sdk/money': 'money/index.ts', 'pos-sdk/rules': 'rules/index.ts', 'pos-sdk/messages': 'messages.ts', 'pos-sdk/receipt': 'receipt.ts', 'pos-sdk/node': 'node.ts' };
const files = Object.values(entries).map((f) => SDK + f);
const program = ts.createProgram(files, { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, strict: true, noEmit: true, skipLibCheck: true });
const checker = program.getTypeChecker();
const exportsOf = {};
for (const [spec, f] of Object.entries(entries)) exportsOf[spec] = new Set(checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(SDK + f))).map((s) => s.name));
const order = ['pos-sdk', 'pos-sdk/contract', 'pos-sdk/money', 'pos-sdk/rules', 'pos-sdk/messages', 'pos-sdk/receipt', 'pos-sdk/node'];
const extra = JSON.parse(process.env.EXTRA ?? '{}'); // name -> relative module for sdk tests
const problems = [];
function home(name, prefer) { if (exportsOf[prefer]?.has(name)) return prefer; const pref = ['pos-sdk/contract','pos-sdk/money','pos-sdk/rules','pos-sdk/messages','pos-sdk/receipt','pos-sdk','pos-sdk/node']; return pref.find((s) => exportsOf[s].has(name)); }
function rewrite(path, inSdk) {
  const text = readFileSync(path, 'utf8');
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const edits = [];
  const relSpec = (spec) => { let r = relative(dirname(path), SDK + (entries[spec].replace(/\/index\.ts$|\.ts$/, ''))); if (!r.startsWith('.')) r = './' + r; return r; };
  const specOfRel = {}; if (inSdk) for (const s of order) specOfRel[relSpec(s)] = s;
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    let spec = st.moduleSpecifier.text;
    if (inSdk) { spec = specOfRel[spec]; if (!spec) continue; } else if (!spec.startsWith('pos-sdk')) continue;
    const nb = st.importClause?.namedBindings; if (!nb || !ts.isNamedImports(nb)) continue;
    const typeOnly = st.importClause.isTypeOnly;
    const groups = new Map();
    for (const el of nb.elements) {
      const name = (el.propertyName ?? el.name).text;
      let target = home(name, spec);
      if (!target) { if (inSdk && extra[name]) target = 'REL:' + extra[name]; else { problems.push(`${path}: ${name} from ${spec}`); target = spec; } }
      (groups.get(target) ?? groups.set(target, []).get(target)).push(el.getText(sf));
    }
    if (groups.size === 1 && groups.has(spec)) continue;
    const lines = [...groups].map(([t, els]) => `import ${typeOnly ? 'type ' : ''}{ ${els.join(', ')} } from '${t.startsWith('REL:') ? t.slice(4) : inSdk ? relSpec(t) : t}';`);
    edits.push([st.getStart(sf), st.getEnd(), lines.join('\n')]);
  }
  if (!edits.length) return;
  let out = text; for (const [a, b, r] of edits.reverse()) out = out.slice(0, a) + r + out.slice(b);
  writeFileSync(path, out); console.log('rewrote', path);
}
const walk = (d, inSdk) => { for (const n of readdirSync(d)) { if (n === 'node_modules' || n === 'dist') continue; const p = join(d, n); if (statSync(p).isDirectory()) walk(p, inSdk); else if (/\.(ts|tsx)$/.test(n)) rewrite(p, inSdk); } };
for (const r of process.argv.slice(2)) walk(r, r.startsWith(SDK));
console.log(problems.join('\n'));
