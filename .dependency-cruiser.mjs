// The boundaries of docs/architecture.md, checked by `npm run depcruise` and `npm test`'s static
// step: no file imports one on a floor above its own, no feature or module reaches into another
// but through its entry points, and no import cycle (type-only imports count: they tie the files
// together just the same). Tests, test helpers and the fault tests may compose like the app does,
// so the floor rules leave them out; the cycle rule does not.

const SERVER = '^packages/server/src/';
const WEB = '^packages/web/src/';
const SHARED = '^packages/shared/src/';

/** A test, or a helper only tests use. */
const TESTS = ['\\.test\\.tsx?$', `${SERVER}(test|fault)/`, `${WEB}test/`];

/**
 * The server's floors, from the ground up (docs/architecture.md). The media wing is on two: its
 * ground (files, pipeline, blur, what a copy is called) below access/, and the image factory,
 * `media/renditions/`, above it: it asks access/ whom each copy is for (decision 125).
 */
export const SERVER_FLOORS = [
  ['lib/', 'db/', 'config\\.ts$'],
  ['media/(?!renditions/)', 'mail/'],
  ['access/', 'context\\.ts$'],
  ['media/renditions/'],
  ['plugins/'],
  ['modules/'],
  ['app\\.ts$', 'background-jobs\\.ts$'],
  ['server\\.ts$', 'startup\\.ts$', 'bootstrap\\.ts$', 'demo/', 'backup/'],
].map((paths) => paths.map((path) => `${SERVER}${path}`));

/** The web's floors, from the ground up. */
export const WEB_FLOORS = [
  ['components/', 'lib/', 'config/'],
  ['features/'],
  ['main\\.tsx$', 'app/'],
].map((paths) => paths.map((path) => `${WEB}${path}`));

/**
 * What one module may take from another: its service, or the pieces several modules share. Any
 * folder under modules/ is held to this by the one rule below, a new one included.
 */
export const MODULE_ENTRIES = [
  '[^/]+/[^/]+\\.service\\.ts$',
  'users/users\\.repository\\.ts$',
  'audit/audit\\.ts$',
  'interactions/interactions\\.(repository|routes)\\.ts$',
].map((path) => `${SERVER}modules/${path}`);

/**
 * Crossings and cycles that were there before this check, each exactly as it is: any other, or
 * the same one grown, fails. None is left.
 */
export const KNOWN_EXCEPTIONS = [];

/** The number of the server floor that `path` names (as the floor rules are named). */
function floorOf(path) {
  return SERVER_FLOORS.findIndex((floor) => floor.includes(`${SERVER}${path}`)) + 1;
}

/** "No file on a floor imports one on a floor above it", one rule a floor. */
function floorRules(name, floors) {
  return floors.slice(0, -1).map((floor, index) => ({
    name: `${name}-floor-${index + 1}-imports-above`,
    comment: `${floor.join(', ')} stand below ${floors
      .slice(index + 1)
      .flat()
      .join(', ')} (docs/architecture.md): they import none of those.`,
    severity: 'error',
    from: { path: floor, pathNot: TESTS },
    to: { path: floors.slice(index + 1).flat() },
  }));
}

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle, type-only imports included: a cycle ties its files into one.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-side',
      comment: 'packages/shared is the contract both sides read: it imports neither.',
      severity: 'error',
      from: { path: SHARED },
      to: { path: ['^packages/server/', '^packages/web/'] },
    },
    {
      name: 'server-and-web-apart',
      comment: 'The server and the web import shared, never each other.',
      severity: 'error',
      from: { path: '^packages/(server|web)/' },
      to: { path: '^packages/(server|web)/', pathNot: '^packages/$1/' },
    },
    ...floorRules('server', SERVER_FLOORS).map((rule) =>
      rule.name === `server-floor-${floorOf('media/(?!renditions/)')}-imports-above`
        ? // migrate-media is a command of its own: it reads the configuration through startup.ts.
          {
            ...rule,
            from: {
              ...rule.from,
              pathNot: [...TESTS, `${SERVER}media/storage/migrate-media\\.ts$`],
            },
          }
        : rule.name === `server-floor-${floorOf('plugins/')}-imports-above`
          ? // The session's user: the one module file the plugins read.
            {
              ...rule,
              to: { ...rule.to, pathNot: `${SERVER}modules/users/users\\.repository\\.ts$` },
            }
          : rule,
    ),
    ...floorRules('web', WEB_FLOORS),
    {
      name: 'module-through-entry-points',
      comment:
        'A module reaches another only through its entry points (docs/architecture.md): its service, or the shared pieces named there.',
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${SERVER}modules/[^/]+/`,
        pathNot: [`${SERVER}modules/$1/`, ...MODULE_ENTRIES],
      },
    },
    {
      name: 'web-lib-draws-nothing',
      comment:
        "lib/ holds the web's calls, hooks, texts and types with no markup: components/ may use it, not the other way round (docs/architecture.md).",
      severity: 'error',
      from: { path: `${WEB}lib/`, pathNot: TESTS },
      to: { path: `${WEB}components/` },
    },
    {
      name: 'feature-imports-no-feature',
      comment:
        'A feature never imports another (docs/architecture.md): what two need goes down to components/ or lib/, or is composed in app/.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/`, pathNot: TESTS },
      to: { path: `${WEB}features/[^/]+/`, pathNot: `${WEB}features/$1/` },
    },
  ],
  options: {
    knownViolations: KNOWN_EXCEPTIONS,
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '\\.d\\.ts$'] },
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
