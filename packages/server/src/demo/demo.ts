import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Role, SERVER_ERRORS } from '@fogata/shared';
import { todayIso } from '../access/image-consent.js';
import type { AppContext } from '../context.js';
import type { InteractionTarget } from '../db/schema.js';
import { hashPassword } from '../lib/passwords.js';
import { detectFaces } from '../media/face-detection.js';
import { faceScanIdle } from '../media/face-search.js';
import { uploadsTmpRoot } from '../media/temp-uploads.js';
import type { UploadedFile } from '../media/upload.js';
import { AlbumsService } from '../modules/albums/albums.service.js';
import { PhotosService } from '../modules/albums/photos.service.js';
import { ChildrenService } from '../modules/children/children.service.js';
import { ConsentsService } from '../modules/consents/consents.service.js';
import { FaceScanner } from '../modules/faces/face-scan.js';
import { FacesService } from '../modules/faces/faces.service.js';
import { InteractionsService } from '../modules/interactions/interactions.service.js';
import { MonitorsService } from '../modules/monitors/monitors.service.js';
import { experiencesService, newsService } from '../modules/posts/posts.service.js';
import { SectionsService } from '../modules/sections/sections.service.js';
import { type UserRow, UsersRepository } from '../modules/users/users.repository.js';
import { type CONTENT_TABLES, DemoRepository } from './demo.repository.js';
import { seedDemoActivities } from './demo-activities.js';
import { seedDemoCamp } from './demo-camp.js';
import {
  DEMO_ACCOUNTS,
  DEMO_ALBUMS,
  DEMO_CHILDREN,
  DEMO_COMMENTS,
  DEMO_EXPERIENCES,
  DEMO_MEMBERS,
  DEMO_MONITORS,
  DEMO_NEWS,
  type DemoComment,
  type MonthDay,
} from './demo-content.js';
import {
  DEMO_GROUP_ALBUM,
  DEMO_GROUP_PHOTOS,
  demoFacesFolder,
  groupPictureJpeg,
  leftAndRight,
} from './demo-faces.js';
import { portraitSvg, type SceneKind, sceneSvg, svgToJpeg } from './demo-images.js';

/** An account the console shows, to sign in with. */
export interface DemoAccount {
  role: Role;
  name: string;
  email: string;
  password: string;
}

/** What the demo created, by kind. */
export interface DemoCounts {
  users: number;
  monitors: number;
  news: number;
  experiences: number;
  albums: number;
  photos: number;
  likes: number;
  comments: number;
  children: number;
  activities: number;
}

export type DemoOutcome =
  | { seeded: true; accounts: DemoAccount[]; counts: DemoCounts; ms: number }
  | { seeded: false; rows: Record<(typeof CONTENT_TABLES)[number], number> };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Letters and digits that cannot be mistaken for one another when copied from a console. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random 12-character password of `PASSWORD_ALPHABET`. */
function readablePassword(length = 12): string {
  return [...randomBytes(length)]
    .map((b) => PASSWORD_ALPHABET[b % PASSWORD_ALPHABET.length])
    .join('');
}

/**
 * Fills an EMPTY database with the Spanish demo of a scout group. "Empty" means no row at all in
 * users, albums, photos, news, experiences and monitors (likes and comments need users; pending
 * invitations, such as the first-start admin link, do not count). A database with anything in
 * it is never touched. Everything goes through the modules' services, so images become the same
 * stored variants, in the same public or private folders, as real uploads.
 */
export async function seedDemo(ctx: AppContext, now = new Date()): Promise<DemoOutcome> {
  const started = Date.now();
  const repo = new DemoRepository(ctx.db);
  const rows = await repo.counts();
  if (Object.values(rows).some((n) => n > 0)) return { seeded: false, rows };

  const ago = (days: number, hours = 0) =>
    new Date(
      Math.min(now.getTime(), now.getTime() - days * DAY_MS + hours * 60 * 60 * 1000),
    ).toISOString();
  /** Days from the last `when` (at 18:00 UTC) up to now. */
  const daysSince = (when: MonthDay) => {
    const [month, day] = when.split('-').map(Number) as [number, number];
    let date = Date.UTC(now.getUTCFullYear(), month - 1, day, 18);
    if (date > now.getTime()) date = Date.UTC(now.getUTCFullYear() - 1, month - 1, day, 18);
    return (now.getTime() - date) / DAY_MS;
  };
  const counts: DemoCounts = {
    users: 0,
    monitors: 0,
    news: 0,
    experiences: 0,
    albums: 0,
    photos: 0,
    likes: 0,
    comments: 0,
    children: 0,
    activities: 0,
  };

  // Pictures are written as JPEG files, like a browser's upload lands on disk.
  // In this process's temp folder, so a crash mid-seed leaves nothing the next start keeps.
  const tmp = join(uploadsTmpRoot(ctx.config.dataDir), `demo-${randomBytes(6).toString('hex')}`);
  await mkdir(tmp, { recursive: true });
  let fileNumber = 0;
  const picture = async (svg: string, filename: string): Promise<UploadedFile> => {
    const data = await svgToJpeg(svg);
    fileNumber += 1;
    const path = join(tmp, String(fileNumber));
    await writeFile(path, data);
    return { field: 'image', filename, path, size: data.length, tooLarge: false };
  };
  const scene = (kind: SceneKind, seed: number, name: string) =>
    picture(sceneSvg(seed, kind), `${name}.jpg`);
  // The photos and covers are queued for the scan as they are stored (decision 139): looked at
  // here, with the detector of the moment, before it changes. The app's own scan, when it runs
  // already (the tests), first; then one of the demo's, for a demo seeded before the app starts.
  const scanQueued = async () => {
    await faceScanIdle(ctx);
    await new FaceScanner(ctx).whenIdle();
  };

  // The drawn pictures have no face: no detector for them (a second of a core each). The group
  // pictures below go through the real one.
  const detector = ctx.faceDetector;
  ctx.faceDetector = async () => [];
  try {
    // People: the three accounts to sign in with, then members whose password nobody knows.
    const users = new UsersRepository(ctx.db);
    const people = new Map<string, UserRow>();
    const accounts: DemoAccount[] = [];
    for (const person of [...DEMO_ACCOUNTS, ...DEMO_MEMBERS]) {
      const password = readablePassword();
      const row = await users.insert({
        name: person.name,
        email: person.email,
        password_hash: await hashPassword(password, ctx.config.scryptCost),
        role: person.role,
        avatar_key: null,
        created_at: ago(person.daysAgo),
      });
      people.set(person.key, row);
      if (DEMO_ACCOUNTS.includes(person)) {
        accounts.push({ role: person.role, name: person.name, email: person.email, password });
      }
      counts.users += 1;
    }
    const person = (key: string): UserRow => {
      const row = people.get(key);
      if (!row) throw new Error(`Persona de demostración desconocida: ${key}`);
      return row;
    };
    const admin = person('admin');
    const scouter = person('scouter');
    const everyone = [...people.values()];

    // The group's structure: the children and their families, and the Tropa's scouter.
    const sections = new SectionsService(ctx);
    const sectionIds = new Map((await sections.list(false)).map((s) => [s.name, s.id]));
    const sectionOf = (name: string): number => {
      const id = sectionIds.get(name);
      if (id === undefined) throw new Error(`Sección de demostración desconocida: ${name}`);
      return id;
    };
    await sections.setScouters(admin, sectionOf('Tropa'), [scouter.id]);
    const children = new ChildrenService(ctx);
    const childIds = new Map<string, number>();
    const keepers = new Map<string, { id: number; guardian: UserRow | null }>();
    const consents = new ConsentsService(ctx, () => todayIso(now));
    for (const child of DEMO_CHILDREN) {
      const birth = new Date(now.getTime() - 45 * DAY_MS);
      birth.setUTCFullYear(birth.getUTCFullYear() - child.age);
      const made = await children.create(admin, {
        full_name: child.name,
        birth_date: birth.toISOString().slice(0, 10),
        section_id: sectionOf(child.section),
      });
      for (const key of child.guardians) await children.link(admin, made.child.id, person(key).id);
      childIds.set(child.name, made.child.id);
      const [keeper] = child.guardians;
      keepers.set(child.name, { id: made.child.id, guardian: keeper ? person(keeper) : null });
      counts.children += 1;
      // The child's image consents, through the calls a family and a manager use.
      for (const c of child.consents ?? []) {
        const answer = { purpose: c.purpose, granted: c.granted };
        if (typeof c.given === 'object') {
          await consents.answer(person(c.given.by), made.child.id, answer);
        } else {
          await consents.recordByManager(admin, made.child.id, {
            ...answer,
            given_by: c.given,
            ...(c.note ? { note: c.note } : {}),
          });
        }
      }
    }

    // The activities: the Tropa's acampada (Hugo's family has answered, Laura's has not), its
    // acantonamiento from tomorrow (both go), the weekly reunión and a past salida of the Manada.
    const hugo = childIds.get('Hugo López Martín');
    const pablo = childIds.get('Pablo Gómez Ortega');
    if (hugo === undefined || pablo === undefined) {
      throw new Error('Faltan los educandos de demostración de la Tropa');
    }
    const activities = await seedDemoActivities(
      ctx,
      {
        admin,
        scouter,
        tropaGuardian: person('javier'),
        tropaChildId: hugo,
        usuario: person('usuario'),
        usuarioTropaChildId: pablo,
        sectionOf,
      },
      now,
    );
    counts.activities = Object.keys(activities).length;
    // On camp: the fichas sanitarias, the staff, the certificados and the delegada.
    await seedDemoCamp(ctx, { admin, children: keepers }, activities, now);

    const monitors = new MonitorsService(ctx);
    for (const [i, m] of DEMO_MONITORS.entries()) {
      const photo = await picture(portraitSvg(m.seed), `monitor-${i + 1}.jpg`);
      const { monitor } = await monitors.create(
        { name: m.name, role_description: m.role_description, description: m.description },
        photo,
      );
      await repo.backdate('monitors', monitor.id, ago(m.daysAgo));
      counts.monitors += 1;
    }

    const interactions = {
      news: newsService(ctx),
      experience: experiencesService(ctx),
      photo: new PhotosService(ctx),
    };
    const notFound = {
      news: SERVER_ERRORS.newsNotFound,
      experience: SERVER_ERRORS.experienceNotFound,
      photo: SERVER_ERRORS.photoNotFound,
    };
    const on = (type: InteractionTarget) =>
      new InteractionsService(ctx, {
        targetType: type,
        targetExists: (id) => interactions[type].exists(id),
        notFoundMessage: notFound[type],
      });
    /** Likes by a varying share of the people, so counts differ from item to item. */
    const likeBy = async (type: InteractionTarget, id: number, n: number) => {
      const service = on(type);
      for (const user of everyone.slice(0, n % (everyone.length + 1))) {
        await service.like(user, id);
        counts.likes += 1;
      }
    };
    const comment = async (
      type: InteractionTarget,
      id: number,
      c: DemoComment,
      itemDaysAgo: number,
    ) => {
      const created = await on(type).addComment(person(c.by), id, c.text);
      await repo.backdateComment(created.id, ago(itemDaysAgo - c.daysAfter, 2 + counts.comments));
      counts.comments += 1;
    };

    const news = interactions.news;
    for (const [i, item] of DEMO_NEWS.entries()) {
      const image = await scene(item.scene, item.seed, `noticia-${i + 1}`);
      const { news: created } = await news.create(
        i % 2 ? scouter : admin,
        { title: item.title, description: item.description, content: item.content },
        image,
      );
      const daysAgo = daysSince(item.when);
      await repo.backdate('news', created.id, ago(daysAgo));
      await likeBy('news', created.id, i + 2);
      for (const c of DEMO_COMMENTS.news.filter((c) => c.on === i)) {
        await comment('news', created.id, c, daysAgo);
      }
      counts.news += 1;
    }

    const experiences = interactions.experience;
    for (const [i, item] of DEMO_EXPERIENCES.entries()) {
      const image = await scene(item.scene, item.seed, `experiencia-${i + 1}`);
      const { experience } = await experiences.create(
        i % 2 ? admin : scouter,
        { title: item.title, description: item.description, category: item.category },
        image,
      );
      const daysAgo = daysSince(item.when);
      await repo.backdate('experiences', experience.id, ago(daysAgo));
      await likeBy('experience', experience.id, i + 1);
      for (const c of DEMO_COMMENTS.experiences.filter((c) => c.on === i)) {
        await comment('experience', experience.id, c, daysAgo);
      }
      counts.experiences += 1;
    }

    const albums = new AlbumsService(ctx);
    const photos = interactions.photo;
    for (const [a, item] of DEMO_ALBUMS.entries()) {
      const cover = await scene(item.cover.scene, item.cover.seed, `portada-${a + 1}`);
      const { album } = await albums.create(
        scouter,
        { title: item.title, description: item.description, publish: true },
        { ...cover, field: 'cover' },
      );
      const files: UploadedFile[] = [];
      for (const [p, shot] of item.photos.entries()) {
        files.push({
          ...(await scene(shot.scene, shot.seed, `foto-${a + 1}-${p + 1}`)),
          field: 'images',
        });
      }
      const upload = await photos.upload(scouter, { albumId: album.id, files, captions: [] });
      if (upload.failures.length > 0) {
        throw new Error(`Fotos de demostración rechazadas: ${JSON.stringify(upload.failures)}`);
      }
      const daysAgo = daysSince(item.when);
      await repo.backdate('albums', album.id, ago(daysAgo));
      await repo.backdatePhotos(album.id, ago(daysAgo - 1));
      // The list is newest first; the content names photos in upload order.
      const uploaded = [...upload.uploaded].sort((x, y) => x.id - y.id);
      for (const [p, photo] of uploaded.entries()) {
        await likeBy('photo', photo.id, (a * 6 + p * 2) % 6);
        for (const c of DEMO_COMMENTS.photos.filter(
          (c) => Array.isArray(c.on) && c.on[0] === a && c.on[1] === p,
        )) {
          await comment('photo', photo.id, c, daysAgo - 1);
        }
      }
      counts.albums += 1;
      counts.photos += uploaded.length;
    }

    // The summer camp, group pictures with real faces, found by the real detector and
    // reviewed by the admin (one face left to review); each family sees them by its consents.
    await scanQueued();
    const facesFolder = demoFacesFolder();
    if (facesFolder) {
      // The real detector, on this thread: the demo is seeded before the server answers anyone,
      // and the detector's own thread, at the lowest priority, would wait behind any other work
      // on the machine.
      ctx.faceDetector = detector ?? detectFaces;
      const faces = new FacesService(ctx);
      const assign = async (
        ids: [number | null, number | null],
        photo: (typeof DEMO_GROUP_PHOTOS)[number],
      ) => {
        for (const [side, id] of ids.entries()) {
          const who = photo.faces[side];
          if (id === null || who === null || who === undefined) continue;
          const childId = childIds.get(who);
          // The admin reviews: the camp was the whole group's, children of every section.
          await faces.review(
            admin,
            id,
            who === 'adulto' || childId === undefined
              ? { status: 'adult' }
              : { status: 'child', child_id: childId },
          );
        }
      };
      const groupFile = async (photo: (typeof DEMO_GROUP_PHOTOS)[number], name: string) => {
        const data = await groupPictureJpeg(facesFolder, photo);
        fileNumber += 1;
        const path = join(tmp, String(fileNumber));
        await writeFile(path, data);
        return {
          field: 'images',
          filename: `${name}.jpg`,
          path,
          size: data.length,
          tooLarge: false,
        };
      };
      const [first] = DEMO_GROUP_PHOTOS;
      if (!first) throw new Error('Sin fotos de grupo de demostración');
      const { album } = await albums.create(
        scouter,
        { title: DEMO_GROUP_ALBUM.title, description: DEMO_GROUP_ALBUM.description, publish: true },
        { ...(await groupFile(first, 'portada-campamento')), field: 'cover' },
      );
      const files: UploadedFile[] = [];
      for (const [p, photo] of DEMO_GROUP_PHOTOS.entries()) {
        files.push(await groupFile(photo, `campamento-${p + 1}`));
      }
      const upload = await photos.upload(scouter, {
        albumId: album.id,
        files,
        captions: DEMO_GROUP_PHOTOS.map((photo) => photo.caption),
      });
      if (upload.failures.length > 0) {
        throw new Error(`Fotos de demostración rechazadas: ${JSON.stringify(upload.failures)}`);
      }
      await scanQueued();
      await assign(leftAndRight(await repo.facesOf({ albumId: album.id })), first);
      const uploaded = [...upload.uploaded].sort((x, y) => x.id - y.id);
      for (const [p, photo] of uploaded.entries()) {
        const group = DEMO_GROUP_PHOTOS[p];
        if (group) await assign(leftAndRight(await repo.facesOf({ photoId: photo.id })), group);
      }
      await repo.backdate('albums', album.id, ago(DEMO_GROUP_ALBUM.daysAgo));
      await repo.backdatePhotos(album.id, ago(DEMO_GROUP_ALBUM.daysAgo));
      counts.albums += 1;
      counts.photos += uploaded.length;
    }

    return { seeded: true, accounts, counts, ms: Date.now() - started };
  } finally {
    ctx.faceDetector = detector;
    await rm(tmp, { recursive: true, force: true });
  }
}

const ROLE_WIDTH = Math.max(...DEMO_ACCOUNTS.map((a) => a.role.length));
const EMAIL_WIDTH = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));

/** What the console says about the demo, in Spanish, one line per element. */
export function demoReport(outcome: DemoOutcome): string[] {
  if (!outcome.seeded) {
    return [
      'Modo demo: la base de datos ya tiene contenido, así que no se ha añadido ni cambiado nada.',
      'Modo demo: para ver la demostración desde cero, arranca con una carpeta de datos vacía (DATA_DIR).',
    ];
  }
  const c = outcome.counts;
  const seconds = (outcome.ms / 1000).toLocaleString('es-ES', { maximumFractionDigits: 1 });
  return [
    `Modo demo: base de datos vacía, contenido de demostración creado en ${seconds} s:`,
    `  ${c.news} noticias, ${c.experiences} experiencias, ${c.monitors} monitores, ${c.albums} álbumes con ${c.photos} fotos, ${c.likes} me gusta, ${c.comments} comentarios, ${c.children} educandos y ${c.activities} actividades.`,
    'Cuentas de demostración (las contraseñas solo se muestran ahora):',
    ...outcome.accounts.map(
      (a) =>
        `  ${a.role.padEnd(ROLE_WIDTH)}  ${a.email.padEnd(EMAIL_WIDTH)}  contraseña: ${a.password}  (${a.name})`,
    ),
  ];
}
