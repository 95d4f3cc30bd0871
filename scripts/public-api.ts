// The package's public surface as text: every export of every entry point with its signature or
// shape, as the compiler sees it. `npm run api-report` writes it to docs/public-api.md, and
// spec/package/public-api.spec.ts fails when the code and that file disagree, so a change to the
// public API is always deliberate (and listed in the CHANGELOG).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { REPO_DIR } from './repo.js';

/** The package's entry points, as a user imports them, and their source files. */
export const ENTRY_POINTS = [
  ['tilefall', 'lib/index.ts'],
  ['tilefall/samegame', 'lib/samegame/index.ts'],
  ['tilefall/columns', 'lib/columns/index.ts'],
  ['tilefall/testing', 'lib/testing/index.ts'],
  ['tilefall/tuner', 'tuner/index.ts'],
] as const;

export const REPORT_FILE = 'docs/public-api.md';

const FLAGS =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType |
  ts.TypeFormatFlags.WriteArrayAsGenericType;

function memberLines(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): string[] {
  const lines: string[] = [];
  for (const signature of type.getConstructSignatures())
    lines.push(`  new${checker.signatureToString(signature, at, FLAGS)};`);
  for (const signature of type.getCallSignatures()) lines.push(`  ${checker.signatureToString(signature, at, FLAGS)};`);
  for (const property of checker.getPropertiesOfType(type)) {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    const modifiers = declaration ? ts.getCombinedModifierFlags(declaration as ts.Declaration) : 0;
    if (modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
    if (property.name.startsWith('#')) continue;
    const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
    // A getter without a setter is read-only to a user, as a readonly field is.
    const accessors = property.declarations ?? [];
    const getterOnly = accessors.some(ts.isGetAccessor) && !accessors.some(ts.isSetAccessor);
    const readonly = modifiers & ts.ModifierFlags.Readonly || getterOnly ? 'readonly ' : '';
    const propertyType = checker.getTypeOfSymbolAtLocation(property, at);
    const isMethod = property.flags & ts.SymbolFlags.Method;
    const text = isMethod
      ? propertyType
          .getCallSignatures()
          .map((s) => `${property.name}${checker.signatureToString(s, at, FLAGS)}`)
          .join('; ')
      : `${readonly}${property.name}${optional}: ${checker.typeToString(propertyType, at, FLAGS)}`;
    lines.push(`  ${text};`);
  }
  return lines;
}

/** `<T, E>` as the declaration writes its type parameters, or nothing. */
function typeParameters(declaration: ts.Declaration | undefined): string {
  const parameters =
    declaration && (ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration))
      ? declaration.typeParameters
      : undefined;
  return parameters ? `<${parameters.map((p) => p.getText()).join(', ')}>` : '';
}

function describeExport(checker: ts.TypeChecker, exported: ts.Symbol, at: ts.Node): string {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const name = exported.name;
  const declaration = symbol.declarations?.[0];
  if (symbol.flags & ts.SymbolFlags.ValueModule && declaration && ts.isSourceFile(declaration)) {
    return `namespace ${name} (the exports of ${declaration.fileName.slice(REPO_DIR.length)})`;
  }
  if (symbol.flags & ts.SymbolFlags.Class) {
    const instance = checker.getDeclaredTypeOfSymbol(symbol);
    const statics = checker.getTypeOfSymbolAtLocation(symbol, at);
    // A constructor is written as it is called, `new X(...)`; the other static members as `static`.
    // A private constructor is no part of the API (the class is made by a static method).
    const privateConstructor =
      declaration !== undefined &&
      ts.isClassDeclaration(declaration) &&
      declaration.members.some(
        (m) => ts.isConstructorDeclaration(m) && ts.getCombinedModifierFlags(m) & ts.ModifierFlags.Private,
      );
    const constructors = privateConstructor
      ? []
      : statics
          .getConstructSignatures()
          .map(
            (signature) => `  new ${name}${checker.signatureToString(signature, at, FLAGS).replace(/: [^:]*$/, '')};`,
          );
    const staticMembers = memberLines(checker, statics, at).filter(
      (l) => !l.startsWith('  new(') && !l.includes('prototype'),
    );
    return [
      `class ${name} {`,
      ...constructors,
      ...staticMembers.map((l) => `  static ${l.trimStart()}`),
      ...memberLines(checker, instance, at),
      '}',
    ].join('\n');
  }
  if (symbol.flags & ts.SymbolFlags.Function) {
    const type = checker.getTypeOfSymbolAtLocation(symbol, at);
    return type
      .getCallSignatures()
      .map((s) => `function ${name}${checker.signatureToString(s, at, FLAGS)};`)
      .join('\n');
  }
  if (symbol.flags & ts.SymbolFlags.Variable) {
    return `const ${name}: ${checker.typeToString(checker.getTypeOfSymbolAtLocation(symbol, at), at, FLAGS)};`;
  }
  if (symbol.flags & ts.SymbolFlags.Interface) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    return [`interface ${name}${typeParameters(declaration)} {`, ...memberLines(checker, type, at), '}'].join('\n');
  }
  if (symbol.flags & ts.SymbolFlags.TypeAlias) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const text = checker.typeToString(type, at, FLAGS | ts.TypeFormatFlags.InTypeAlias);
    return `type ${name}${typeParameters(declaration)} = ${text};`;
  }
  return `${name} (${ts.SymbolFlags[symbol.flags] ?? symbol.flags})`;
}

/** The report: per entry point, every export in name order with its signature or shape. */
export function publicApiReport(): string {
  const files = ENTRY_POINTS.map(([, file]) => join(REPO_DIR, file));
  const config = ts.getParsedCommandLineOfConfigFile(
    join(REPO_DIR, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  const program = ts.createProgram(files, config?.options ?? {});
  const checker = program.getTypeChecker();
  const sections = ENTRY_POINTS.map(([entry, file]) => {
    const source = program.getSourceFile(join(REPO_DIR, file));
    if (!source) throw new Error(`no source for ${file}`);
    const moduleSymbol = checker.getSymbolAtLocation(source);
    const exports = moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
    // Types the entry exports by name need no `import("…")` path to be read.
    const described = [...exports]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((e) => describeExport(checker, e, source).replace(/import\("[^"]+"\)\./g, ''));
    return [
      `## ${entry}`,
      '',
      `${exports.length} exports, from \`${file}\`.`,
      '',
      '```ts',
      ...described,
      '```',
      '',
    ].join('\n');
  });
  return [
    '# The public API',
    '',
    'Every export of the package, as the compiler sees it. This file is generated (`npm run api-report`)',
    'and a spec compares it with the code: a change here is a change of the public API, listed in the',
    'CHANGELOG. The guide to using it is [the library guide](library.md); the reference with every',
    'comment is the generated API reference (`npm run docs`).',
    '',
    ...sections,
  ].join('\n');
}

if (process.argv.includes('--write')) {
  writeFileSync(join(REPO_DIR, REPORT_FILE), publicApiReport());
  console.info(`wrote ${REPORT_FILE}`);
}
