// Every error code the API can answer with, read from the server's source with the TypeScript parser (no type
// checking): where a refusal is made (`new ApiError(status, message, code)`, `conflict(message, code)`,
// `badRequest(message, errors, code)`, a subclass's `super(...)`, a `{ message, code }` JSON body) and whether it
// names its message by key (`invalid`, `fieldError`, `keyedConflict`, an ApiError given its keys), so the client can
// say it without `validation.refusal.<code>`. A code passed on as a name is read from the parameter that names it
// (its default, or the string literals of its type); one that cannot be read is reported, so no code goes unseen.
import ts from 'typescript';

export type RefusalCode = { code: string; keyed: boolean; at: string };
export type Unread = { at: string; text: string };

/** The code argument's position in each call that makes a refusal; -1: the `code` of an options object last. */
const CODE_ARG: Record<string, { index: number; keyed: boolean }> = {
  ApiError: { index: 2, keyed: false },
  conflict: { index: 1, keyed: false },
  badRequest: { index: 2, keyed: false },
  keyedConflict: { index: 1, keyed: true },
  invalid: { index: -1, keyed: true },
  fieldError: { index: -1, keyed: true },
};

export function refusalCodes(files: Record<string, string>): { codes: RefusalCode[]; unread: Unread[] } {
  const codes: RefusalCode[] = [];
  const unread: Unread[] = [];
  for (const [file, text] of Object.entries(files)) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const add = (expr: ts.Expression | undefined, keyed: boolean, site: ts.Node) => {
      if (!expr) return; // the helper's default, read where the helper makes its ApiError
      const found = literals(expr);
      if (found) for (const code of found) codes.push({ code, keyed, at: at(site) });
      else if (!keyed) unread.push({ at: at(site), text: expr.getText(source) });
    };
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) || ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : callee.kind === ts.SyntaxKind.SuperKeyword && extendsApiError(node) ? 'ApiError' : undefined;
        const rule = name && (name !== 'ApiError' || !ts.isCallExpression(node) || callee.kind === ts.SyntaxKind.SuperKeyword) ? CODE_ARG[name] : undefined;
        const args = node.arguments ?? ts.factory.createNodeArray();
        if (rule && rule.index >= 0) add(args[rule.index], rule.keyed || (name === 'ApiError' && args.length >= 6), node);
        else if (rule) {
          const options = args[args.length - 1];
          const code = options && ts.isObjectLiteralExpression(options) ? options.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'code') : undefined;
          if (code && ts.isPropertyAssignment(code)) add(code.initializer, true, node);
        }
      }
      if (ts.isObjectLiteralExpression(node)) {
        const props = new Map(node.properties.filter(ts.isPropertyAssignment).map((p) => [p.name.getText(source), p.initializer]));
        // ApiError's toJSON passes its own code on (`this.code`): made where the ApiError is.
        const code = props.get('code');
        if (props.has('message') && code && !(ts.isPropertyAccessExpression(code) && code.expression.kind === ts.SyntaxKind.ThisKeyword)) add(code, false, node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { codes, unread };
}

/** The codes an expression can be: a literal, a conditional of literals, or a parameter named by it. */
function literals(expr: ts.Expression): string[] | null {
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text];
  if (ts.isParenthesizedExpression(expr)) return literals(expr.expression);
  if (ts.isConditionalExpression(expr)) {
    const [a, b] = [literals(expr.whenTrue), literals(expr.whenFalse)];
    return a && b ? [...a, ...b] : null;
  }
  if (ts.isIdentifier(expr)) return parameterCodes(expr);
  return null;
}

/** A name's codes from the function parameter (or destructured option) that declares it: its default and its type. */
function parameterCodes(id: ts.Identifier): string[] | null {
  for (let node: ts.Node | undefined = id.parent; node; node = node.parent) {
    if (!ts.isFunctionLike(node)) continue;
    for (const param of node.parameters) {
      const decls: (ts.ParameterDeclaration | ts.BindingElement)[] = ts.isIdentifier(param.name) ? [param] : [...param.name.elements].filter((e): e is ts.BindingElement => ts.isBindingElement(e));
      const decl = decls.find((d) => ts.isIdentifier(d.name) && d.name.text === id.text);
      if (!decl) continue;
      const found: string[] = [];
      if (decl.initializer && ts.isStringLiteral(decl.initializer)) found.push(decl.initializer.text);
      const type = ts.isParameter(decl) ? decl.type : undefined;
      const members = type && ts.isUnionTypeNode(type) ? type.types : type ? [type] : [];
      for (const m of members) if (ts.isLiteralTypeNode(m) && ts.isStringLiteral(m.literal)) found.push(m.literal.text);
      return found.length ? found : null;
    }
  }
  return null;
}

function extendsApiError(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isClassLike(n)) return !!n.heritageClauses?.some((h) => h.types.some((t) => t.expression.getText() === 'ApiError'));
  }
  return false;
}
