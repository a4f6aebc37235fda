import type { Role } from './limits.js';

/**
 * Who may do what, as data: roles × capabilities. The server guards every route with `can`, and the
 * web app hides every control with it. Nothing else decides who may do what.
 */
export const CAPABILITIES = [
  'content:browse',
  'auth:anonymous',
  'gallery:view',
  'profile:edit',
  'interact',
  'comment:delete:own',
  'comment:delete:any',
  'content:manage',
  'gallery:review',
  'photo:removal:request',
  'experience:manage:detail',
  'monitor:manage',
  'admin:panel',
  'photo:caption',
  'album:download',
  'audit:view',
  'sections:manage',
  'children:manage',
  'children:promote',
  'children:own',
  'consent:record',
  'consent:text',
  'faces:review',
  'settings:manage',
  'activities:view',
  'activities:manage',
  'activities:sign',
  'authorization:text',
  'health:keep',
  'camp:staff',
  'safeguarding:manage',
  'protection:write',
  'protection:read',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Who acts: a role, or `null` for an anonymous visitor. */
export type Actor = Role | null;

const table: Record<Capability, { anonymous: boolean } & Record<Role, boolean>> = {
  // Browse news, experiences, who we are
  'content:browse': { anonymous: true, usuario: true, scouter: true, admin: true },
  // Login, recover password, register by invitation
  'auth:anonymous': { anonymous: true, usuario: false, scouter: false, admin: false },
  // Gallery, albums, photos
  'gallery:view': { anonymous: false, usuario: true, scouter: true, admin: true },
  // Profile edit
  'profile:edit': { anonymous: false, usuario: true, scouter: true, admin: true },
  // Like and comment
  interact: { anonymous: false, usuario: true, scouter: true, admin: true },
  // Delete own comment
  'comment:delete:own': { anonymous: false, usuario: true, scouter: true, admin: true },
  // Delete any comment
  'comment:delete:any': { anonymous: false, usuario: false, scouter: true, admin: true },
  // Create, edit, delete albums, news, experiences; upload and delete photos
  'content:manage': { anonymous: false, usuario: false, scouter: true, admin: true },
  // Ours, beside the product's table (decision 018): see draft albums and hidden photos, publish
  // and unpublish albums, resolve removal requests
  'gallery:review': { anonymous: false, usuario: false, scouter: true, admin: true },
  // Ask for a photo to be hidden and follow one's own requests (managers hide it themselves)
  'photo:removal:request': { anonymous: false, usuario: true, scouter: false, admin: false },
  // Edit or delete experiences on the detail page
  'experience:manage:detail': { anonymous: false, usuario: false, scouter: false, admin: true },
  // Add, edit or delete monitors
  'monitor:manage': { anonymous: false, usuario: false, scouter: false, admin: true },
  // Invite, revoke, change roles, delete users, admin panel
  'admin:panel': { anonymous: false, usuario: false, scouter: false, admin: true },
  // Ours (decision 019). Write or edit a photo's caption: whoever uploads photos
  'photo:caption': { anonymous: false, usuario: false, scouter: true, admin: true },
  // Download an album as a ZIP (a draft album only by those who may see drafts)
  'album:download': { anonymous: false, usuario: true, scouter: true, admin: true },
  // Read the audit trail (nobody may edit it)
  'audit:view': { anonymous: false, usuario: false, scouter: false, admin: true },
  // Ours (decision 140). Rename, add and retire sections; assign scouters to
  // them
  'sections:manage': { anonymous: false, usuario: false, scouter: false, admin: true },
  // Add, edit and deactivate children, link and unlink their guardians, invite a family: an admin
  // every child, a scouter the children of their sections (a rule of the service)
  'children:manage': { anonymous: false, usuario: false, scouter: true, admin: true },
  // The paso de sección: propose and apply the year's moves between sections
  'children:promote': { anonymous: false, usuario: false, scouter: false, admin: true },
  // See one's own children ('Mis educandos'); an account with none sees an empty list
  'children:own': { anonymous: false, usuario: true, scouter: true, admin: true },
  // Ours (decision 061). Record a child's consent from a signed paper form,
  // or a young person's own from their 14th birthday, and export the register: an admin for every
  // child, a scouter for the children of their sections (a rule of the service). A guardian gives
  // their own child's consent under 'children:own'.
  'consent:record': { anonymous: false, usuario: false, scouter: true, admin: true },
  // Write a new version of the consent text that families answer
  'consent:text': { anonymous: false, usuario: false, scouter: false, admin: true },
  // Review the faces found in an album's photos (and news and experience images): assign each to
  // a child, an adult, or not a face; draw a missed one
  'faces:review': { anonymous: false, usuario: false, scouter: true, admin: true },
  // The group's settings: apply image consent, publish only reviewed albums
  'settings:manage': { anonymous: false, usuario: false, scouter: false, admin: true },
  // Ours (issue 36). See the activities of one's children and sections ('Actividades'), and
  // answer «Va» or «No va» for one's own children (a guardian: a rule of the access policy)
  'activities:view': { anonymous: false, usuario: true, scouter: true, admin: true },
  // Create, edit, publish, close and cancel activities, see their board, mark payments, record a
  // paper autorización, remind the families: an admin every activity, a scouter those of their
  // sections (a rule of the access policy)
  'activities:manage': { anonymous: false, usuario: false, scouter: true, admin: true },
  // Sign or withdraw an autorización online for one's own child (a guardian: a rule of the access
  // policy), and keep one's DNI/NIE for it
  'activities:sign': { anonymous: false, usuario: true, scouter: true, admin: true },
  // Write a new version of the autorización's text, and name the group's delegado/a de protección
  'authorization:text': { anonymous: false, usuario: false, scouter: false, admin: true },
  // Ours (issue 37). Keep one's own children's ficha sanitaria, confirm it is up to date, and see
  // who read it (a guardian: a rule of the access policy)
  'health:keep': { anonymous: false, usuario: true, scouter: true, admin: true },
  // Go to an activity as one of its adults: sign up as staff, and as staff read its children's
  // fichas in the camp window, carry the camp pack, pass the roll (rules of the access policy)
  'camp:staff': { anonymous: false, usuario: false, scouter: true, admin: true },
  // The adults' certificados negativos, the children-per-adult ratio, how long health data is
  // kept, and who is the delegado/a de protección
  'safeguarding:manage': { anonymous: false, usuario: false, scouter: false, admin: true },
  // Write to the delegado/a de protección (from the public page too: a child may have no account)
  'protection:write': { anonymous: true, usuario: true, scouter: true, admin: true },
  // Read the messages to the delegado/a de protección: only the account named (a rule of the
  // service)
  'protection:read': { anonymous: false, usuario: true, scouter: true, admin: true },
};

export const PERMISSIONS = table;

/** Whether `actor` (a role, or null for anonymous) holds `capability`. */
export function can(actor: Actor | undefined, capability: Capability): boolean {
  const row = table[capability];
  return actor ? row[actor] : row.anonymous;
}

/** Whether `actor` may delete a comment written by `authorId`, when the actor's id is `actorId`. */
export function canDeleteComment(
  actor: Actor | undefined,
  actorId: number | undefined,
  authorId: number,
): boolean {
  if (can(actor, 'comment:delete:any')) return true;
  return can(actor, 'comment:delete:own') && actorId === authorId;
}
