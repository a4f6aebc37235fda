import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Who sees what is decided by SQL in one file, access.repository.ts (decision 121). This test
 * reads every server file that writes a query and fails when one names what that decision is
 * made of — an album's or an activity's audience (`album_sections`, `activity_sections`), a
 * scouter's sections (`scouter_sections`), a family's children (`guardians`), a photo hidden on
 * request (`hidden_at`), when an album was published (`published_at`, `status = 'published'`) —
 * outside the places listed below, each
 * with the reason it is not a visibility rule (a module writing its own rows, a screen showing
 * them to who already may see them). A new filter on any of them goes in access.repository.ts,
 * and the module's query takes the `where` built there.
 */

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The one file allowed to decide visibility in SQL. */
const POLICY_REPOSITORY = 'access/access.repository.ts';

/**
 * Folders whose queries are not a viewer's: they create the columns, copy every table whole, or
 * write a test's rows.
 */
const NOT_SCANNED = ['db/migrations/', 'backup/', 'test/', 'fault/'];

/** What visibility is made of, as a query would name it. */
const VISIBILITY_NAMES: { name: string; pattern: RegExp }[] = [
  { name: 'album_sections', pattern: /\balbum_sections\b/ },
  { name: 'activity_sections', pattern: /\bactivity_sections\b/ },
  { name: 'scouter_sections', pattern: /\bscouter_sections\b/ },
  { name: 'guardians', pattern: /['"`]guardians\b|\b(from|join)\s+guardians\b/ },
  { name: 'hidden_at', pattern: /\bhidden_at\b/ },
  { name: 'published_at', pattern: /\bpublished_at\b/ },
  {
    name: "status = 'published'",
    pattern: /status'\s*,\s*'='\s*,\s*'(published|draft)'|status\s+=\s+'(published|draft)'/,
  },
];

/**
 * Where a file outside the policy may name one of them: the file (by name, wherever its folder),
 * the function or method, the names, and why that is no visibility rule.
 */
const ALLOWED: { file: string; member: string; names: string[]; why: string }[] = [
  {
    file: 'albums.repository.ts',
    member: 'setAudience',
    names: ['album_sections'],
    why: 'writes the audience the albums module edits; the policy reads it',
  },
  {
    file: 'albums.repository.ts',
    member: 'audiences',
    names: ['album_sections'],
    why: 'lists the sections of albums already shown to the viewer, to label them',
  },
  {
    file: 'demo.repository.ts',
    member: 'placeActivity',
    names: ['published_at'],
    why: "dates the demo's activities as if published two weeks before they start: no reader",
  },
  {
    file: 'removal-requests.repository.ts',
    member: 'hidePhoto',
    names: ['hidden_at'],
    why: 'hides a photo on request: the write the policy then reads',
  },
  {
    file: 'removal-requests.repository.ts',
    member: 'showPhoto',
    names: ['hidden_at'],
    why: 'shows a hidden photo again: the write the policy then reads',
  },
  {
    file: 'sections.repository.ts',
    member: 'scouters',
    names: ['scouter_sections'],
    why: "lists a section's scouters on the admin's sections screen",
  },
  {
    file: 'sections.repository.ts',
    member: 'setScouters',
    names: ['scouter_sections'],
    why: 'assigns scouters to a section: the write the policy then reads',
  },
  {
    file: 'children.repository.ts',
    member: 'guardiansOf',
    names: ['guardians'],
    why: "lists a child's guardians to the managers the policy let see the child",
  },
  {
    file: 'children.repository.ts',
    member: 'link',
    names: ['guardians'],
    why: 'links a guardian to a child: the write the policy then reads',
  },
  {
    file: 'children.repository.ts',
    member: 'unlink',
    names: ['guardians'],
    why: 'unlinks a guardian: the write the policy then reads',
  },
  {
    file: 'children.repository.ts',
    member: 'ownChildren',
    names: ['guardians'],
    why: "the signed-in account's own children ('Mis educandos'), nobody else's",
  },
  {
    file: 'invitations.repository.ts',
    member: 'linkGuardians',
    names: ['guardians'],
    why: 'links the invited children to the new account as it is created',
  },
  {
    file: 'my-data.repository.ts',
    member: 'childrenRows',
    names: ['guardians'],
    why: "the account's own data for its download: its own children, nobody else's",
  },
  {
    file: 'users.repository.ts',
    member: 'matching',
    names: ['scouter_sections', 'guardians'],
    why: "the admin's people list filtered by a section the admin picks; the admin sees everyone",
  },
  {
    file: 'users.repository.ts',
    member: 'familyOf',
    names: ['scouter_sections', 'guardians'],
    why: "the sections shown beside each account on the admin's people list",
  },
  {
    file: 'activities.repository.ts',
    member: 'setAudience',
    names: ['activity_sections'],
    why: 'writes the audience the activities module edits; the policy reads it',
  },
  {
    file: 'activities.repository.ts',
    member: 'audiences',
    names: ['activity_sections'],
    why: 'lists the sections of activities already shown to the viewer, to label them',
  },
  {
    file: 'activities.repository.ts',
    member: 'setStatus',
    names: ['published_at'],
    why: "keeps when an activity was first published; who sees it is the policy's (its status)",
  },
  {
    file: 'own-public-copies.ts',
    member: 'ownChildInImageSql',
    names: ['guardians'],
    why: "whether a family has a copy of its own to be given; what it blurs is the face rule's",
  },
];

/** Every `.ts` file under `dir` but tests, by path relative to `SRC`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Whether `text` builds a query. */
function writesQueries(text: string): boolean {
  return /\b(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql(<[^>]*>)?`/.test(text);
}

/** The code of `text`, comments blanked out, line for line. */
function withoutComments(text: string): string[] {
  const blanked = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return blanked.split('\n').map((line) => line.replace(/(^|\s)\/\/.*$/, ''));
}

const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'return', 'await', 'catch', 'function']);

/** For each line of `lines`, the function, constant or method it is in (formatted code). */
function membersOf(lines: string[]): string[] {
  let top = '';
  let method = '';
  let inClass = false;
  return lines.map((line) => {
    const declared = /^(?:export\s+)?(?:async\s+)?(?:function\s+|const\s+|class\s+)(\w+)/.exec(
      line,
    );
    if (declared?.[1]) {
      top = declared[1];
      method = '';
      inClass = /^(?:export\s+)?class\s/.test(line);
    } else if (line.startsWith('}')) {
      method = '';
    } else if (inClass) {
      const member =
        /^ {2}(?:(?:private|public|protected|static|readonly|async)\s+)*(\w+)\s*(?:<.*>)?\(/.exec(
          line,
        );
      if (member?.[1] && !KEYWORDS.has(member[1])) method = member[1];
    }
    return method || top;
  });
}

/** A place a file outside the policy names what visibility is made of. */
interface Naming {
  file: string;
  line: number;
  member: string;
  name: string;
}

/** Every place under `root` that names what visibility is made of, outside the policy's file. */
function visibilityNamings(root: string): Naming[] {
  const found: Naming[] = [];
  for (const path of sourceFiles(root)) {
    const file = relative(root, path).split('\\').join('/');
    if (file === POLICY_REPOSITORY || NOT_SCANNED.some((dir) => file.startsWith(dir))) continue;
    const text = readFileSync(path, 'utf8');
    if (!writesQueries(text)) continue;
    const lines = withoutComments(text);
    const members = membersOf(lines);
    lines.forEach((line, index) => {
      for (const { name, pattern } of VISIBILITY_NAMES) {
        if (pattern.test(line)) {
          found.push({ file, line: index + 1, member: members[index] ?? '', name });
        }
      }
    });
  }
  return found;
}

/** Whether `naming` is one of the ALLOWED places. */
function allowed(naming: Naming): boolean {
  return ALLOWED.some(
    (entry) =>
      entry.file === basename(naming.file) &&
      entry.member === naming.member &&
      entry.names.includes(naming.name),
  );
}

describe('visibility queries', () => {
  it('live in access.repository.ts: no other file names an audience, a hidden photo, a membership or a publication in a query', () => {
    const strays = visibilityNamings(SRC)
      .filter((naming) => !allowed(naming))
      .map((n) => `${n.file}:${n.line} (${n.member}) names ${n.name}`);
    expect(strays).toEqual([]);
  });

  it('every allowed place still exists, so the list does not outgrow the code', () => {
    const namings = visibilityNamings(SRC);
    const files = new Set(sourceFiles(SRC).map((path) => basename(path)));
    const unused = ALLOWED.filter(
      (entry) =>
        files.has(entry.file) &&
        !namings.some(
          (n) =>
            basename(n.file) === entry.file &&
            n.member === entry.member &&
            entry.names.includes(n.name),
        ),
    ).map((entry) => `${entry.file} ${entry.member}`);
    expect(unused).toEqual([]);
  });

  it('catches a filter written elsewhere (the check itself)', () => {
    const lines = withoutComments(
      [
        'export class AlbumsRepository {',
        '  list(viewer: Viewer) {',
        '    // hidden_at in a comment is not code',
        "    return this.db.selectFrom('photos').where('photos.hidden_at', 'is', null);",
        '  }',
        '}',
      ].join('\n'),
    );
    const members = membersOf(lines);
    const named = lines.flatMap((line, index) =>
      VISIBILITY_NAMES.filter(({ pattern }) => pattern.test(line)).map(
        ({ name }) => `${members[index]}:${index + 1}:${name}`,
      ),
    );
    expect(named).toEqual(['list:4:hidden_at']);
  });
});
