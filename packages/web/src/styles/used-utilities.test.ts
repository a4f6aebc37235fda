import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as sass from 'sass';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Bootstrap builds only the utility classes listed in _used-utilities.scss (decision 026). This
 * guard reads the source the way the browser gets its classes (className strings and template
 * literals, the React-Bootstrap props that become utility classes, the static shell's markup)
 * and checks the list against it both ways, so a new className="mt-5" fails here instead of
 * silently losing its style.
 */

const WEB = join(__dirname, '..', '..');
const SRC = join(WEB, 'src');
const STYLES = join(SRC, 'styles');
const NODE_MODULES = join(WEB, '..', '..', 'node_modules');

/** React-Bootstrap props that add a utility class (react-bootstrap/esm, 2.10), by component. */
const bg = (v: string) => `bg-${v}`;
const text = (v: string) => `text-${v}`;
const UTILITY_PROPS: Record<string, Record<string, (value: string) => string>> = {
  Badge: { bg, text, pill: () => 'rounded-pill' },
  Card: { bg, text, border: (v) => `border-${v}` },
  Navbar: { bg },
  Toast: { bg },
  Placeholder: { bg },
  'Placeholder.Button': { bg },
  ProgressBar: { variant: bg },
  Spinner: { variant: text },
  'Form.Text': { muted: () => 'text-muted' },
  Image: { rounded: () => 'rounded', roundedCircle: () => 'rounded-circle' },
  Stack: { gap: (v) => `gap-${v}` },
  ToastContainer: { containerPosition: (v) => `position-${v}` },
};

function compile(scss: string): string {
  return sass.compileString(scss, {
    loadPaths: [STYLES, NODE_MODULES],
    style: 'compressed',
    quietDeps: true,
    silenceDeprecations: ['import', 'global-builtin', 'color-functions'],
    logger: sass.Logger.silent,
  }).css;
}

/** The class names the selectors of `css` name (declarations, with their URLs, left out). */
function selectorClasses(css: string): Set<string> {
  // Declaration blocks are the innermost ones: @media and @supports keep their rules.
  const selectors = css.replace(/\{[^{}]*\}/g, ',');
  return new Set([...selectors.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

interface Usage {
  /** Whole class names in the markup, each with where it is used. */
  classes: Map<string, string[]>;
  /** What the source does that this guard cannot read, each a line for the failure's message. */
  unreadable: string[];
}

function use(usage: Usage, name: string, where: string) {
  usage.classes.set(name, [...(usage.classes.get(name) ?? []), where]);
}

/** The values a prop's expression may have: its literals, following consts of the same file. */
function possibleValues(
  expr: ts.Expression,
  path: string[],
  consts: Map<string, ts.Expression[]>,
  seen = new Set<ts.Node>(),
): string[] | null {
  if (seen.has(expr)) return [];
  seen.add(expr);
  const union = (parts: (string[] | null)[]) =>
    parts.some((p) => p === null) ? null : (parts.flat() as string[]);
  if (ts.isStringLiteralLike(expr) || ts.isNumericLiteral(expr)) {
    return path.length === 0 ? [expr.text] : null;
  }
  if (
    ts.isParenthesizedExpression(expr) ||
    ts.isAsExpression(expr) ||
    ts.isSatisfiesExpression(expr) ||
    ts.isNonNullExpression(expr)
  ) {
    return possibleValues(expr.expression, path, consts, seen);
  }
  if (ts.isIdentifier(expr)) {
    const inits = consts.get(expr.text);
    if (!inits) return expr.text === 'undefined' ? [] : null;
    return union(inits.map((init) => possibleValues(init, path, consts, seen)));
  }
  if (ts.isPropertyAccessExpression(expr)) {
    return possibleValues(expr.expression, [expr.name.text, ...path], consts, seen);
  }
  if (ts.isElementAccessExpression(expr)) {
    return possibleValues(expr.expression, ['*', ...path], consts, seen);
  }
  if (ts.isObjectLiteralExpression(expr) && path.length > 0) {
    const [key, ...rest] = path;
    const props = expr.properties.filter(
      (p): p is ts.PropertyAssignment =>
        ts.isPropertyAssignment(p) && (key === '*' || p.name.getText() === key),
    );
    if (expr.properties.some((p) => !ts.isPropertyAssignment(p))) return null;
    return union(props.map((p) => possibleValues(p.initializer, rest, consts, seen)));
  }
  if (ts.isConditionalExpression(expr)) {
    return union([
      possibleValues(expr.whenTrue, path, consts, seen),
      possibleValues(expr.whenFalse, path, consts, seen),
    ]);
  }
  if (ts.isBinaryExpression(expr)) {
    const op = expr.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
      return union([
        possibleValues(expr.left, path, consts, seen),
        possibleValues(expr.right, path, consts, seen),
      ]);
    }
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) {
      return possibleValues(expr.right, path, consts, seen);
    }
  }
  return null;
}

/**
 * What `file`'s markup may put in a class attribute: every string and template literal outside
 * JSX attributes and inside any `…className` attribute (not `aria-label`, `animation`…), and
 * the utility classes React-Bootstrap's props add. A class name glued to a `${…}` or built by
 * `+` cannot be read: if it may be a utility, it is reported as unreadable.
 */
function readSource(where: string, code: string, utilities: Set<string>, usage: Usage) {
  const source = ts.createSourceFile(where, code, ts.ScriptTarget.Latest, true);
  const consts = new Map<string, ts.Expression[]>();
  const collectConsts = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      if (ts.getCombinedNodeFlags(node) & ts.NodeFlags.Const) {
        consts.set(node.name.text, [...(consts.get(node.name.text) ?? []), node.initializer]);
      }
    }
    ts.forEachChild(node, collectConsts);
  };
  collectConsts(source);

  const line = (node: ts.Node) =>
    `${where}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const mayBeUtility = (partial: string, glued: 'start' | 'end') =>
    /^[a-z0-9-]+$/.test(partial) &&
    [...utilities].some(
      (u) => u !== partial && (glued === 'end' ? u.startsWith(partial) : u.endsWith(partial)),
    );

  /**
   * The whole tokens of a literal's text. A token touching a `${…}` (`gluedStart`, `gluedEnd`) or
   * ending in "-" (joined with `+`) is part of a name built from a value.
   */
  const addText = (node: ts.Node, value: string, gluedStart: boolean, gluedEnd: boolean) => {
    const tokens = value.split(/\s+/);
    tokens.forEach((token, i) => {
      if (!token) return;
      const builtBefore = i === 0 && gluedStart;
      const builtAfter = (i === tokens.length - 1 && gluedEnd) || token.endsWith('-');
      if (builtBefore && mayBeUtility(token, 'start')) {
        usage.unreadable.push(
          `${line(node)}: a class name ending in "${token}" built from a value`,
        );
      } else if (builtAfter && mayBeUtility(token, 'end')) {
        usage.unreadable.push(
          `${line(node)}: a class name starting with "${token}" built from a value`,
        );
      } else if (!builtBefore && !builtAfter) {
        use(usage, token, line(node));
      }
    });
  };

  const utilityProp = (attr: ts.JsxAttribute, tag: string, name: string) => {
    const toClass = UTILITY_PROPS[tag]?.[name];
    if (!toClass) return false;
    const init = attr.initializer;
    let values: string[] | null;
    if (!init) values = ['true'];
    else if (ts.isStringLiteral(init)) values = [init.text];
    else if (ts.isJsxExpression(init) && init.expression) {
      const expr = init.expression;
      if (expr.kind === ts.SyntaxKind.FalseKeyword) values = [];
      else if (expr.kind === ts.SyntaxKind.TrueKeyword) values = ['true'];
      else if (ts.isObjectLiteralExpression(expr) && name === 'gap') {
        // Responsive: gap={{ xs: 1, md: 3 }} is gap-1 gap-md-3.
        values = [];
        for (const p of expr.properties) {
          const bp = p.name?.getText();
          const v = ts.isPropertyAssignment(p) ? possibleValues(p.initializer, [], consts) : null;
          if (!v || !bp) values = null;
          else values?.push(...v.map((x) => (bp === 'xs' ? x : `${bp}-${x}`)));
          if (!values) break;
        }
      } else {
        values = possibleValues(expr, [], consts);
        // A boolean prop set from a condition may be on.
        if (values === null && toClass('x') === toClass('y')) values = ['true'];
      }
    } else values = null;
    if (values === null) {
      usage.unreadable.push(
        `${line(attr)}: <${tag} ${name}={…}>, whose values this test cannot tell`,
      );
    } else {
      for (const v of values) use(usage, toClass(v), line(attr));
    }
    return true;
  };

  const visit = (node: ts.Node, collect: boolean) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isJsxAttribute(node)) {
      const name = node.name.getText();
      const element = node.parent.parent;
      const tag = element.tagName.getText();
      if (utilityProp(node, tag, name)) return;
      if (node.initializer) visit(node.initializer, /className$/i.test(name));
      return;
    }
    if (collect) {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        addText(node, node.text, false, false);
      } else if (ts.isTemplateExpression(node)) {
        addText(node.head, node.head.text, false, true);
        node.templateSpans.forEach((span) => {
          addText(span.literal, span.literal.text, true, ts.isTemplateMiddle(span.literal));
        });
      }
    }
    ts.forEachChild(node, (child) => visit(child, collect));
  };
  visit(source, true);
}

let allUtilities: Set<string>;
let builtClasses: Set<string>;
let listed: string[];
let usage: Usage;

beforeAll(() => {
  // Every class Bootstrap's utilities can make, and what the app's stylesheet has.
  allUtilities = selectorClasses(
    compile("@import 'bootstrap-config';\n@import 'bootstrap/scss/utilities/api';"),
  );
  builtClasses = selectorClasses(
    compile(readFileSync(join(STYLES, 'bootstrap-base.scss'), 'utf8')),
  );
  const list = /\$fogata-used-utilities:\s*\(([^)]*)\)/.exec(
    readFileSync(join(STYLES, '_used-utilities.scss'), 'utf8'),
  )?.[1];
  listed = [...(list ?? '').matchAll(/"([^"]+)"/g)].map((m) => m[1]!);

  usage = { classes: new Map(), unreadable: [] };
  for (const file of sourceFiles(SRC)) {
    readSource(relative(WEB, file), readFileSync(file, 'utf8'), allUtilities, usage);
  }
  const shell = readFileSync(join(WEB, 'index.html'), 'utf8');
  for (const m of shell.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of m[1]!.split(/\s+/)) if (name) use(usage, name, 'index.html');
  }
}, 120_000);

describe("the app's stylesheet", () => {
  it('reads class names as the markup gets them', () => {
    const code = [
      "const ROLE = { admin: 'danger', usuario: 'secondary' } as const;",
      "const STATUS = { pending: { label: 'Pendiente', bg: 'warning', text: 'dark' } };",
      'export const A = ({ on, role, s }: Props) => (',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a source file's text, read as such
      "  <Card className={`d-flex ${on ? 'gap-2' : 'gap-3'} mb-${n} custom-${s}`}>",
      "    <Badge bg={ROLE[role] ?? 'light'} text={STATUS[s].text} pill>x</Badge>",
      '    <Title titleClassName="h4 mt-3" aria-label="border shadow" />',
      '    <Spinner animation="border" variant="success" />',
      '    <ProgressBar variant="info" /><Form.Text muted>y</Form.Text>',
      '  </Card>',
      ');',
    ].join('\n');
    const read: Usage = { classes: new Map(), unreadable: [] };
    readSource('a.tsx', code, allUtilities, read);
    expect([...read.classes.keys()].filter((c) => allUtilities.has(c)).sort()).toEqual(
      [
        'bg-danger',
        'bg-info',
        'bg-light',
        'bg-secondary',
        'd-flex',
        'gap-2',
        'gap-3',
        'mt-3',
        'rounded-pill',
        'text-dark',
        'text-muted',
        'text-success',
      ].sort(),
    );
    expect(read.unreadable).toEqual([
      'a.tsx:4: a class name starting with "mb-" built from a value',
    ]);
  });

  it('reads every class name the markup may use', () => {
    expect(usage.unreadable, 'write such class names whole, or as literals of a const').toEqual([]);
    // The static shell's markup counts too.
    expect(usage.classes.get('p-md-5')).toContain('index.html');
  });

  it('has every utility class the markup uses', () => {
    const missing = [...usage.classes]
      .filter(([name]) => allUtilities.has(name) && !builtClasses.has(name))
      .map(([name, where]) => `${name} (${where[0]})`);
    expect(missing, 'add these to $fogata-used-utilities in _used-utilities.scss').toEqual([]);
  });

  it('lists no utility class the markup does not use', () => {
    const unused = listed.filter((name) => !usage.classes.has(name) || !allUtilities.has(name));
    expect(unused, 'remove these from $fogata-used-utilities in _used-utilities.scss').toEqual([]);
  });

  it('builds only the listed utilities (and their siblings at other breakpoints or in print)', () => {
    const family = (name: string) => name.replace(/-(sm|md|lg|xl|xxl|print|hover)(?=-|$)/, '');
    const families = new Set(listed.map(family));
    const extra = [...builtClasses].filter((c) => allUtilities.has(c) && !families.has(family(c)));
    expect(extra).toEqual([]);
  });
});
