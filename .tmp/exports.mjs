import ts from 'typescript';
const files = process.argv.slice(2);
const program = ts.createProgram(files, { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, strict: true, noEmit: true, skipLibCheck: true, allowImportingTsExtensions: false });
const checker = program.getTypeChecker();
for (const f of files) {
  const sf = program.getSourceFile(f);
  const sym = checker.getSymbolAtLocation(sf);
  const exps = checker.getExportsOfModule(sym);
  const out = exps.map((e) => { let t = e; if (t.flags & ts.SymbolFlags.Alias) t = checker.getAliasedSymbol(t); const isValue = !!(t.flags & ts.SymbolFlags.Value); return (isValue ? '' : 'type ') + e.name; });
  console.log(f, out.length); console.log(out.sort((a,b)=>a.replace('type ','').localeCompare(b.replace('type ',''))).join('\n'));
}
