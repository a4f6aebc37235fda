// Face detection (decisions 066, 067, 194): the time per 12 MP photo beside the recall on group
// photos composed from fixtures/faces (faces of 100 to 900 px, one stored turned by EXIF, two
// photos with no face), and what detection adds to the upload pipeline: toImageVariants alone
// against toImageVariants then detectFaces on the same camera-sized JPEGs.
//
// The server's modules are TypeScript: esbuild bundles the three needed into packages/server/dist
// (npm dependencies stay external, so the model is read from node_modules as in the server).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from '../lib.mjs';

export async function serverModules() {
  const server = join(root, 'packages/server');
  const pkg = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8'));
  const outfile = join(server, 'dist/bench-faces.mjs');
  await build({
    stdin: {
      contents: [
        "export { detectFaces } from './src/media/face-detection.ts';",
        "export { toImageVariants } from './src/media/image-pipeline.ts';",
        "export * from './src/test/face-fixtures.ts';",
      ].join('\n'),
      resolveDir: server,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@fogata/shared'),
    logLevel: 'warning',
  });
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}

/** Six faces of about 400 px on a 4000×3000 photo: a camp group photo. */
export const sixLarge = Array.from({ length: 6 }, (_, i) => ({
  fixture: i % 2 === 1 ? 'camera' : 'astronaut',
  x: 350 + (i % 3) * 1250 + (i >= 3 ? 200 : 0),
  y: i >= 3 ? 1750 : 350,
  size: 380 + ((i * 13) % 60),
  mirror: i === 3,
}));

/** Twelve faces of 100 to 150 px: a group seen from afar. */
export const twelveSmall = Array.from({ length: 12 }, (_, i) => ({
  fixture: i % 3 === 1 ? 'camera' : 'astronaut',
  x: 200 + (i % 6) * 620,
  y: i >= 6 ? 1800 : 500,
  size: 100 + ((i * 7) % 50),
  mirror: i % 4 === 3,
}));

/** Five faces from 120 to 900 px, stored turned (EXIF orientation 6). */
export const mixed = [
  { fixture: 'astronaut', x: 300, y: 400, size: 900 },
  { fixture: 'camera', x: 2200, y: 300, size: 250 },
  { fixture: 'astronaut', x: 3100, y: 500, size: 160, mirror: true },
  { fixture: 'camera', x: 2400, y: 1800, size: 120 },
  { fixture: 'astronaut', x: 3300, y: 1900, size: 200 },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (v) => `${Math.round(v)} ms`;

/** Lines of the face figures. */
export async function faceFigures({ runs = 5, uploads = 3 } = {}) {
  const m = await serverModules();
  const photo = (faces, options = {}) =>
    m.groupPhoto({ width: 4000, height: 3000, faces, ...options });
  const set = [
    { data: m.fixturePhoto('astronaut'), boxes: [m.fixtureBox('astronaut')] },
    { data: m.fixturePhoto('camera'), boxes: [m.fixtureBox('camera')] },
    await photo(sixLarge),
    await photo(twelveSmall, { background: 'gradient', seed: 3 }),
    await photo(mixed, { orientation: 6, background: 'gradient' }),
    await photo([], { seed: 9 }),
    await photo([], { background: 'gradient' }),
  ];

  let t = performance.now();
  await m.detectFaces(set[0].data);
  const loadMs = performance.now() - t;

  let truth = 0;
  let found = 0;
  let duplicates = 0;
  let strays = 0;
  let setMs = 0;
  let bigPhotos = 0;
  for (const item of set) {
    const started = performance.now();
    const faces = await m.detectFaces(item.data);
    if (item.width === 4000) {
      setMs += performance.now() - started;
      bigPhotos += 1;
    }
    const match = m.matchFaces(item.boxes, faces);
    truth += item.boxes.length;
    found += match.found;
    duplicates += match.duplicates;
    strays += match.strays;
  }

  const group = set[2].data;
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    t = performance.now();
    await m.detectFaces(group);
    times.push(performance.now() - t);
  }

  // The pipeline: camera-sized JPEGs with faces, variants alone against variants then detection,
  // taking turns, the best of two rounds each (the machine may be shared).
  const files = [];
  for (let i = 0; i < uploads; i += 1) files.push((await photo(sixLarge, { seed: 20 + i })).data);
  const alone = async () => {
    const start = performance.now();
    for (const f of files) await m.toImageVariants(f);
    return performance.now() - start;
  };
  const withFaces = async () => {
    const start = performance.now();
    for (const f of files) {
      await m.toImageVariants(f);
      await m.detectFaces(f);
    }
    return performance.now() - start;
  };
  await alone();
  await withFaces();
  let aloneMs = Number.POSITIVE_INFINITY;
  let facesMs = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 2; round += 1) {
    facesMs = Math.min(facesMs, await withFaces());
    aloneMs = Math.min(aloneMs, await alone());
  }
  const perAlone = aloneMs / uploads;
  const perFaces = facesMs / uploads;
  // The detector's memory: what the process holds once the model is loaded and has measured
  // (ONNX Runtime's memory is native, outside the JavaScript heap; the composed photos count too).
  const rssMiB = process.memoryUsage().rss / 1024 / 1024;

  const recall = `acierto ${found}/${truth} (${duplicates} duplicadas, ${strays} donde no hay cara)`;
  return [
    `Caras: detección en una foto de 12 MP (4000×3000, seis caras): mediana ${ms(median(times))} de ${runs} (mín. ${ms(Math.min(...times))}, máx. ${ms(Math.max(...times))}), ${recall} en las ${set.length} fotos de prueba; cargar el modelo, una vez por proceso: ${ms(loadMs)}`,
    `Caras: las fotos de prueba tienen caras de 100 a 900 px, una girada por EXIF, y dos ninguna; por foto de 4000×3000 de ellas, ${ms(setMs / bigPhotos)} de media`,
    `Caras: toImageVariants + detectFaces frente a toImageVariants sola, ${uploads} JPEG de 4000×3000: ${(facesMs / aloneMs).toFixed(2)}× (${ms(perFaces)} frente a ${ms(perAlone)} por foto: la detección añade ${ms(perFaces - perAlone)})`,
    `Caras: memoria del proceso tras medir: ${rssMiB.toFixed(0)} MiB (el modelo, sus capas y las fotos de prueba)`,
  ];
}
