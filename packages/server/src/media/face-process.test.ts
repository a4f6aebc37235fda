import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import {
  faceFixturesDir,
  fixtureBox,
  fixturePhoto,
  groupPhoto,
  iou,
} from '../test/face-fixtures.js';
import type { DetectedFace } from './face-detection.js';
import { detectFacesOffThread, stopFaceProcesses } from './face-process.js';

// The real detector in its own process (decisions 139, 212): the same faces as here, and the
// thread that answers requests stays free while it works.

// A 12 MP photo takes seconds of a core beside other test files.
describe('detectFacesOffThread', { timeout: 120_000 }, () => {
  it('finds the one face of astronaut.png, from bytes and from a path', async () => {
    for (const input of [fixturePhoto('astronaut'), join(faceFixturesDir(), 'astronaut.png')]) {
      const faces = await detectFacesOffThread(input);
      expect(faces).toHaveLength(1);
      expect(iou(faces[0] as DetectedFace, fixtureBox('astronaut'))).toBeGreaterThanOrEqual(0.4);
    }
  });

  it('leaves the event loop idle while it works on a camera photo', async () => {
    // Loaded first, so only the detection itself is watched.
    await detectFacesOffThread(fixturePhoto('camera'));
    const photo = await groupPhoto({
      width: 4000,
      height: 3000,
      faces: [{ fixture: 'astronaut', x: 600, y: 500, size: 400 }],
    });
    const start = performance.eventLoopUtilization();
    const faces = await detectFacesOffThread(photo.data);
    const used = performance.eventLoopUtilization(start);
    expect(faces.length).toBeGreaterThan(0);
    // On this thread, the network would keep the loop busy nearly all the time; off it, the loop
    // only passes the image and the answer.
    expect(used.utilization).toBeLessThan(0.5);
  });

  it('answers two images asked for at once, each with its own faces', async () => {
    const [astronaut, camera] = await Promise.all([
      detectFacesOffThread(fixturePhoto('astronaut')),
      detectFacesOffThread(fixturePhoto('camera')),
    ]);
    expect(iou(astronaut[0] as DetectedFace, fixtureBox('astronaut'))).toBeGreaterThanOrEqual(0.4);
    expect(iou(camera[0] as DetectedFace, fixtureBox('camera'))).toBeGreaterThanOrEqual(0.4);
  });

  it('answers an image it cannot read with an error, and keeps working', async () => {
    await expect(detectFacesOffThread(Buffer.from('no es una imagen'))).rejects.toThrow();
    expect(await detectFacesOffThread(fixturePhoto('astronaut'))).toHaveLength(1);
  });

  it('ends its processes in the middle of a detection, and the next image starts a new one', async () => {
    const photo = await groupPhoto({
      width: 4000,
      height: 3000,
      faces: [{ fixture: 'astronaut', x: 600, y: 500, size: 400 }],
    });
    // Ended at several moments of a detection on a loaded process (decoding, then each pass of
    // the network), and once while a new process loads its model: killed at once, whatever it
    // was doing. (Worker threads terminated inside ONNX Runtime's native code aborted this very
    // process: decision 212.) Every process here at the pages' priority (0), so the other work
    // of a busy test machine does not starve it.
    await stopFaceProcesses();
    for (const delayMs of [60, 120, 180, 240, 0]) {
      // A process already loaded, but for the last round, which ends one while it loads.
      if (delayMs > 0) await detectFacesOffThread(fixturePhoto('astronaut'), 0);
      const held = detectFacesOffThread(photo.data, 0);
      const outcome = held.then(
        () => 'found',
        (err: Error) => err.message,
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await stopFaceProcesses();
      // Either it was done before the stop came, or it failed with the stop's reason.
      expect(['found', 'el detector de caras se ha detenido']).toContain(await outcome);
    }
    const faces = await detectFacesOffThread(photo.data, 0);
    expect(faces.length).toBeGreaterThan(0);
    await stopFaceProcesses();
  });
});
