// The performance figures, measured in one run on the built app in demo mode: read endpoints
// against a bare Fastify route, the first load and Lighthouse, the photo pipeline against sharp
// alone, an album of 2000 photos, and face detection. Ratios first: absolute times drift between
// machines (and on a machine shared with others' test runs).
//
// Then uploads beside the reads and the face scan's queue (decision 139): `uploads`,
// against another build with UPLOADS_BASELINE=<its server.js> (decisions 201, 202),
// and the mixed load of members and uploading scouters on SQLite and PostgreSQL: `mixed`.
//
// And the activities' board and list on a group of 120 children: `activities`.
//
// `node scripts/bench/performance.mjs [reads] [web] [photos] [album] [face-rule] [faces] [uploads] [mixed] [activities]` runs only those parts.
import { activityFigures } from './activities.mjs';
import { bigAlbumFigures } from './big-album.mjs';
import { faceRuleFigures } from './face-rule.mjs';
import { faceFigures } from './faces.mjs';
import { mixedLoadFigures } from './mixed-load.mjs';
import { photoFigures } from './photos.mjs';
import { readFigures } from './reads.mjs';
import { startDemoServer } from './servers.mjs';
import { campQueueFigures, uploadReadFigures } from './uploads.mjs';
import { webFigures } from './web.mjs';

export const PARTS = [
  'reads',
  'web',
  'photos',
  'album',
  'face-rule',
  'faces',
  'uploads',
  'mixed',
  // Activities: the board and the list on 120 children and 40 activities, in this process.
  'activities',
];

/** The parts that start servers of their own, or none: the demo server is not started for them. */
const OWN_SERVERS = ['faces', 'mixed', 'activities'];

/** Prints each part's lines as it finishes; `parts` picks some (all by default). */
export async function performanceFigures(parts = PARTS, { print = console.log } = {}) {
  print('━━ Rendimiento: cocientes medidos en esta misma ejecución ━━');
  // Face detection runs in this process, on the server's own modules, and the mixed load starts
  // servers of its own: neither needs this one.
  if (parts.some((part) => !OWN_SERVERS.includes(part))) {
    const app = await startDemoServer();
    try {
      // Order matters: the reads see the demo content as it is; the upload and the big album add to it.
      if (parts.includes('reads')) {
        // READS_BASELINE=<another build's server.js>: that build takes its turns in the same
        // rounds, and the table shows its ratios beside (before → after). It runs with node's
        // flags of today's npm start, or with READS_BASELINE_NODE_FLAGS (JSON, e.g. '[]' for a
        // build from before scripts/lib.mjs had any).
        const baseline = process.env.READS_BASELINE
          ? await startDemoServer({
              serverJs: process.env.READS_BASELINE,
              ...(process.env.READS_BASELINE_NODE_FLAGS
                ? { nodeFlags: JSON.parse(process.env.READS_BASELINE_NODE_FLAGS) }
                : {}),
            })
          : null;
        try {
          for (const line of (await readFigures(app, { baseline })).lines) print(line);
        } finally {
          await baseline?.stop();
        }
      }
      if (parts.includes('web')) for (const line of await webFigures(app)) print(line);
      if (parts.includes('photos')) for (const line of await photoFigures(app)) print(line);
      if (parts.includes('album')) for (const line of await bigAlbumFigures(app)) print(line);
      if (parts.includes('face-rule')) for (const line of await faceRuleFigures(app)) print(line);
      if (parts.includes('uploads')) {
        // UPLOADS_BASELINE=<another build's server.js>: that build is measured too, right after
        // this one, each part on its own fresh server, its lines marked «(base)»: a before and
        // after from one run. A build from another tree needs WEB_DIST for its pages.
        const builds = [{ label: '', app }];
        if (process.env.UPLOADS_BASELINE) builds.push({ label: ' (base)', app: null });
        for (const part of [uploadReadFigures, campQueueFigures]) {
          for (const build of builds) {
            const own =
              build.app ?? (await startDemoServer({ serverJs: process.env.UPLOADS_BASELINE }));
            try {
              for (const line of await part(own)) print(line.replace(':', `${build.label}:`));
            } finally {
              if (!build.app) await own.stop();
            }
          }
        }
      }
    } finally {
      await app.stop();
    }
  }
  if (parts.includes('faces')) for (const line of await faceFigures()) print(line);
  if (parts.includes('mixed')) for (const line of await mixedLoadFigures()) print(line);
  if (parts.includes('activities')) for (const line of await activityFigures()) print(line);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildIfNeeded } = await import('../lib.mjs');
  if (!(await buildIfNeeded())) process.exit(1);
  const asked = process.argv.slice(2).filter((a) => PARTS.includes(a));
  await performanceFigures(asked.length ? asked : PARTS);
}
