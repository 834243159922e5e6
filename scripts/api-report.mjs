#!/usr/bin/env node
/**
 * The public surface of pos-sdk, one report per entry of its `exports` map, in the style of api-extractor's
 * `*.api.md`: every export with its declaration (bodies left out), sorted by name, `// (undocumented)` above an export
 * with no doc comment. The reports are checked in under packages/pos-sdk/etc/, so a change to the surface shows in
 * review as a change to a report.
 *
 *   node scripts/api-report.mjs           writes the reports
 *   node scripts/api-report.mjs --check   fails when a report differs from what the sources give, or when an export
 *                                         has no doc comment
 *
 * The entries are read from packages/pos-sdk/package.json (`./dist/x/index.d.ts` is `src/x/index.ts`), so a new
 * entry gets its report by running this script once.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SDK = join(ROOT, 'packages/pos-sdk');
const REPORTS = join(SDK, 'etc');

/** Each public entry: its import name, the source file it is built from and the report's file name. */
function entries() {
  const manifest = JSON.parse(readFileSync(join(SDK, 'package.json'), 'utf8'));
  return Object.entries(manifest.exports)
    .filter(([, target]) => typeof target === 'object' && typeof target.types === 'string')
    .map(([subpath, target]) => {
      const name = subpath === '.' ? 'pos-sdk' : `pos-sdk/${subpath.slice(2)}`;
      const source = join(SDK, target.types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts'));
      const report = `${name === 'pos-sdk' ? 'pos-sdk' : name.replace('/', '-')}.api.md`;
      return { name, source, report };
    })
    .filter((entry) => existsSync(entry.source));
}

/** The compiler options of packages/pos-sdk/tsconfig.json. */
function compilerOptions() {
  const configPath = join(SDK, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(read.config, ts.sys, SDK, undefined, configPath).options;
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
const FLAGS =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope |
  ts.TypeFormatFlags.WriteArrowStyleSignature;

/** `export` and `default` left out: every line of a report is an export. */
const withoutExport = (modifiers) =>
  modifiers?.filter(
    (modifier) =>
      modifier.kind !== ts.SyntaxKind.ExportKeyword && modifier.kind !== ts.SyntaxKind.DefaultKeyword,
  );

/** A declaration as the report shows it: its text without comments and without function or method bodies. */
function declarationText(checker, declaration, name) {
  const sourceFile = declaration.getSourceFile();
  const print = (node) => printer.printNode(ts.EmitHint.Unspecified, node, sourceFile);
  const f = ts.factory;
  if (ts.isFunctionDeclaration(declaration)) {
    const signature = checker.getSignatureFromDeclaration(declaration);
    const returnType =
      declaration.type ??
      checker.typeToTypeNode(
        checker.getReturnTypeOfSignature(signature),
        declaration,
        ts.NodeBuilderFlags.NoTruncation,
      );
    return print(
      f.updateFunctionDeclaration(
        declaration,
        withoutExport(declaration.modifiers),
        declaration.asteriskToken,
        f.createIdentifier(name),
        declaration.typeParameters,
        declaration.parameters,
        returnType,
        undefined,
      ),
    );
  }
  if (ts.isVariableDeclaration(declaration)) {
    const type = checker.typeToString(checker.getTypeAtLocation(declaration), declaration, FLAGS);
    const kind = declaration.parent.flags & ts.NodeFlags.Const ? 'const' : 'let';
    return `${kind} ${name}: ${type};`;
  }
  if (ts.isClassDeclaration(declaration)) {
    const members = declaration.members
      .filter((member) => !member.modifiers?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword))
      .filter((member) => !(member.name && ts.isPrivateIdentifier(member.name)))
      .map((member) => {
        if (ts.isMethodDeclaration(member)) {
          return f.updateMethodDeclaration(
            member,
            member.modifiers,
            member.asteriskToken,
            member.name,
            member.questionToken,
            member.typeParameters,
            member.parameters,
            member.type,
            undefined,
          );
        }
        if (ts.isGetAccessorDeclaration(member)) {
          const type =
            member.type ??
            checker.typeToTypeNode(
              checker.getTypeAtLocation(member),
              member,
              ts.NodeBuilderFlags.NoTruncation,
            );
          return f.updateGetAccessorDeclaration(
            member,
            member.modifiers,
            member.name,
            member.parameters,
            type,
            undefined,
          );
        }
        if (ts.isSetAccessorDeclaration(member)) {
          return f.updateSetAccessorDeclaration(
            member,
            member.modifiers,
            member.name,
            member.parameters,
            undefined,
          );
        }
        if (ts.isConstructorDeclaration(member)) {
          const parameters = member.parameters.map((parameter) =>
            f.updateParameterDeclaration(
              parameter,
              parameter.modifiers?.filter((m) => m.kind === ts.SyntaxKind.ReadonlyKeyword),
              parameter.dotDotDotToken,
              parameter.name,
              parameter.questionToken,
              parameter.type,
              parameter.initializer,
            ),
          );
          return f.updateConstructorDeclaration(member, member.modifiers, parameters, undefined);
        }
        if (ts.isPropertyDeclaration(member)) {
          const type =
            member.type ??
            checker.typeToTypeNode(
              checker.getTypeAtLocation(member),
              member,
              ts.NodeBuilderFlags.NoTruncation,
            );
          return f.updatePropertyDeclaration(
            member,
            member.modifiers,
            member.name,
            member.questionToken,
            type,
            undefined,
          );
        }
        return member;
      });
    return print(
      f.updateClassDeclaration(
        declaration,
        withoutExport(declaration.modifiers),
        f.createIdentifier(name),
        declaration.typeParameters,
        declaration.heritageClauses,
        members,
      ),
    );
  }
  if (ts.isInterfaceDeclaration(declaration)) {
    return print(
      f.updateInterfaceDeclaration(
        declaration,
        withoutExport(declaration.modifiers),
        f.createIdentifier(name),
        declaration.typeParameters,
        declaration.heritageClauses,
        declaration.members,
      ),
    );
  }
  if (ts.isTypeAliasDeclaration(declaration)) {
    return print(
      f.updateTypeAliasDeclaration(
        declaration,
        withoutExport(declaration.modifiers),
        f.createIdentifier(name),
        declaration.typeParameters,
        declaration.type,
      ),
    );
  }
  return print(declaration);
}

/** Has the declaration a doc comment (a description or a tag)? */
function documented(checker, symbol) {
  if (symbol.getDocumentationComment(checker).length > 0) return true;
  return (symbol.declarations ?? []).some((declaration) => {
    const holder = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
    return ts.getJSDocCommentsAndTags(holder).length > 0;
  });
}

/** Every symbol some entry exports (aliases resolved): a declaration that names another symbol of the SDK names one. */
function publicSymbols(program, list) {
  const checker = program.getTypeChecker();
  const symbols = new Set();
  for (const entry of list) {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry.source));
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      symbols.add(symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
    }
  }
  return symbols;
}

/**
 * The SDK's own types that the declarations name but no entry exports (api-extractor's "forgotten export"): an app
 * cannot name them, only infer them.
 */
function forgottenTypes(checker, declarations, exportedSymbols) {
  const forgotten = new Set();
  const visit = (node) => {
    // `typeof XSchema` is left out: the type it infers is the one an app names (`X = z.infer<typeof XSchema>`).
    if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node)) {
      const name = ts.isTypeReferenceNode(node) ? node.typeName : node.expression;
      let symbol = checker.getSymbolAtLocation(ts.isQualifiedName(name) ? name.left : name);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const file = symbol?.declarations?.[0]?.getSourceFile().fileName ?? '';
      const local = symbol?.declarations?.some((declaration) => declarations.includes(declaration));
      if (symbol && !local && file.startsWith(join(SDK, 'src')) && !exportedSymbols.has(symbol)) {
        const isParameter = symbol.flags & ts.SymbolFlags.TypeParameter;
        if (!isParameter) forgotten.add(symbol.name);
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const declaration of declarations) {
    if (ts.isVariableDeclaration(declaration)) {
      if (declaration.type) visit(declaration.type);
    } else if (ts.isFunctionDeclaration(declaration)) {
      for (const parameter of declaration.parameters) if (parameter.type) visit(parameter.type);
      if (declaration.type) visit(declaration.type);
      for (const parameter of declaration.typeParameters ?? []) visit(parameter);
    } else if (ts.isClassDeclaration(declaration)) {
      for (const member of declaration.members) {
        if (ts.isPropertyDeclaration(member) && member.type) visit(member.type);
        if (ts.isMethodDeclaration(member) || ts.isConstructorDeclaration(member)) {
          for (const parameter of member.parameters) if (parameter.type) visit(parameter.type);
          if (member.type) visit(member.type);
        }
      }
      for (const clause of declaration.heritageClauses ?? []) visit(clause);
    } else {
      visit(declaration);
    }
  }
  return forgotten;
}

/** The report of one entry, and its undocumented exports. */
function report(program, entry, exportedSymbols) {
  const checker = program.getTypeChecker();
  const sourceFile = program.getSourceFile(entry.source);
  const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
  const blocks = [];
  const undocumented = [];
  const forgotten = new Set();
  const exported = checker.getExportsOfModule(moduleSymbol).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const exportSymbol of exported) {
    const symbol =
      exportSymbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exportSymbol) : exportSymbol;
    const declarations = symbol.declarations ?? [];
    const texts = declarations.map((declaration) => declarationText(checker, declaration, exportSymbol.name));
    for (const name of forgottenTypes(checker, declarations, exportedSymbols)) forgotten.add(name);
    const hasDoc = documented(checker, symbol);
    if (!hasDoc) undocumented.push(exportSymbol.name);
    const where = declarations[0] ? relative(SDK, declarations[0].getSourceFile().fileName) : '?';
    blocks.push(`// ${where}${hasDoc ? '' : ' (undocumented)'}\n${texts.join('\n')}`);
  }
  const text = [
    `## API Report File for "${entry.name}"`,
    '',
    '> Do not edit this file. It is a report generated by `node scripts/api-report.mjs`.',
    '',
    `${exported.length} exports.`,
    '',
    '```ts',
    blocks.join('\n\n'),
    '```',
    '',
    ...(forgotten.size > 0
      ? [
          'Named by the declarations above but exported by no entry (an app can infer these types, not name them):',
          '',
          ...[...forgotten].sort().map((name) => `- \`${name}\``),
          '',
        ]
      : []),
  ].join('\n');
  return { text, undocumented };
}

function main() {
  const check = process.argv.includes('--check');
  const list = entries();
  const program = ts.createProgram(
    list.map((entry) => entry.source),
    compilerOptions(),
  );
  const exportedSymbols = publicSymbols(program, list);
  const problems = [];
  const expected = new Set(list.map((entry) => entry.report));
  for (const entry of list) {
    const { text, undocumented } = report(program, entry, exportedSymbols);
    const path = join(REPORTS, entry.report);
    if (check) {
      const current = existsSync(path) ? readFileSync(path, 'utf8') : null;
      if (current !== text) {
        problems.push(`${relative(ROOT, path)} differs from the sources: run node scripts/api-report.mjs`);
      }
    } else {
      mkdirSync(REPORTS, { recursive: true });
      writeFileSync(path, text);
    }
    if (undocumented.length > 0) problems.push(`${entry.name}: no doc comment on ${undocumented.join(', ')}`);
  }
  if (check && existsSync(REPORTS)) {
    for (const name of readdirSync(REPORTS)) {
      if (name.endsWith('.api.md') && !expected.has(name))
        problems.push(`etc/${name} is the report of no entry`);
    }
  }
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
  console.log(
    check ? `api-report: ${list.length} entries as reported` : `api-report: wrote ${list.length} reports`,
  );
}

main();
