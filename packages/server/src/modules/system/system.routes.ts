import { statfs } from 'node:fs/promises';
import { SERVER_ERRORS } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { configResponse, publicConfig } from './system.service.js';

const readiness = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  storage: z.enum(['ok', 'error']),
  /** DATA_DIR's file system has room (temp uploads, SQLite, the outbox, local photos). */
  disk: z.enum(['ok', 'error']),
});

/** Below this much free space DATA_DIR counts as full: no upload would fit. */
const MIN_FREE_BYTES = 10 * 1024 * 1024;

/** Throws when DATA_DIR's file system has less than MIN_FREE_BYTES free for us. */
async function checkDisk(dataDir: string): Promise<void> {
  const { bavail, bsize } = await statfs(dataDir);
  if (bavail * bsize < MIN_FREE_BYTES) throw new Error('sin espacio');
}

/** 'ok' when `probe` answers within 2 s, else 'error'. */
async function check(probe: () => Promise<unknown>): Promise<'ok' | 'error'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('sin respuesta')), 2000);
  });
  try {
    await Promise.race([probe(), late]);
    return 'ok';
  } catch {
    return 'error';
  } finally {
    clearTimeout(timer);
  }
}

/** Health checks and the public configuration the web app needs before anything else. */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app.ctx;
  const tags = ['sistema'];

  r.get(
    '/health',
    {
      schema: {
        tags,
        description:
          'Vivo (liveness): el proceso responde. No mira la base de datos ni el almacenamiento.',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  r.get(
    '/health/ready',
    {
      schema: {
        tags,
        description:
          'Listo (readiness): la base de datos y el almacenamiento de fotos responden, y DATA_DIR tiene espacio libre. 503 si no, o mientras el servidor se cierra, para que un balanceador deje de enviarle peticiones.',
        response: { 200: readiness, 503: readiness.extend({ message: z.string() }) },
      },
    },
    async (_req, reply) => {
      const [database, storage, disk] = await Promise.all([
        check(() => sql`select 1`.execute(app.ctx.db.kysely)),
        check(() => app.ctx.storage.check()),
        check(() => checkDisk(config.dataDir)),
      ]);
      if (database === 'ok' && storage === 'ok' && disk === 'ok')
        return { status: 'ok' as const, database, storage, disk };
      return reply.status(503).send({
        status: 'error' as const,
        database,
        storage,
        disk,
        message: disk === 'error' ? SERVER_ERRORS.diskFull : SERVER_ERRORS.notReady,
      });
    },
  );

  r.get('/config', { schema: { tags, response: { 200: configResponse } } }, () =>
    publicConfig(app.ctx),
  );
}
