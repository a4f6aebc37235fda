import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { accessLogWriter, gatheredLines, lazyChildLogger, logsAt } from './request-log.js';

/** A pino logger at `level` writing into `lines` synchronously. */
function capture(level = 'info') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logger: pino({ level }, stream) as unknown as FastifyBaseLogger };
}

const request = {
  id: 'req-7',
  method: 'GET',
  url: '/api/news?q="x"\n{"level":60}',
  ip: '203.0.113.9',
} as unknown as FastifyRequest;
const reply = { statusCode: 200, elapsedTime: 1.234 } as unknown as FastifyReply;

describe('the access line', () => {
  it('is the line pino writes for the request, field for field and in the same order', () => {
    const { lines, logger } = capture();
    logger.child({ reqId: request.id }).info(
      {
        method: request.method,
        url: request.url,
        ip: request.ip,
        statusCode: reply.statusCode,
        responseTime: 1.2,
      },
      'request completed',
    );
    const written: string[] = [];
    const writeLine = accessLogWriter({ write: (line) => written.push(line) });
    writeLine(request, reply);

    expect(written).toHaveLength(1);
    expect(written[0]!.endsWith('}\n')).toBe(true);
    // One line, whatever the URL holds: a forged newline stays inside the JSON string.
    expect(written[0]!.trimEnd().split('\n')).toHaveLength(1);
    const ours = JSON.parse(written[0]!);
    const pinos = JSON.parse(lines[0]!);
    expect(Object.keys(ours)).toEqual(Object.keys(pinos));
    expect({ ...ours, time: 0 }).toEqual({ ...pinos, time: 0 });
    expect(ours.url).toBe(request.url);
  });

  it('says each line’s own time, method and client, whatever the line before it said', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const written: string[] = [];
      const writeLine = accessLogWriter({ write: (line) => written.push(line) });
      const asked = [
        { at: 1_000, method: 'GET', ip: '203.0.113.9' },
        { at: 1_000, method: 'GET', ip: '203.0.113.9' },
        { at: 1_001, method: 'POST', ip: '203.0.113.9' },
        { at: 1_001, method: 'POST', ip: '2001:db8::"1' },
        { at: 1_002, method: 'GET', ip: '203.0.113.9' },
      ];
      for (const [i, { at, method, ip }] of asked.entries()) {
        vi.setSystemTime(at);
        writeLine({ ...request, id: `req-${i}`, method, ip } as FastifyRequest, reply);
      }
      const lines = written.map((l) => JSON.parse(l));
      expect(lines.map(({ time, reqId, method, ip }) => ({ at: time, reqId, method, ip }))).toEqual(
        asked.map(({ at, method, ip }, i) => ({ at, reqId: `req-${i}`, method, ip })),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the log destination', () => {
  /** A sink that keeps each chunk it is handed, as text, and counts its flushes. */
  function sink() {
    const chunks: string[] = [];
    let flushes = 0;
    return {
      chunks,
      flushes: () => flushes,
      write: (bytes: Buffer) => chunks.push(bytes.toString('utf8')),
      flush: () => {
        flushes += 1;
      },
    };
  }

  it('hands the lines over in the order they came, a chunk when the next line would not fit and on flush', () => {
    const out = sink();
    const log = gatheredLines(out, 64);
    log.write('{"a":1}\n');
    log.write('{"b":2}\n');
    expect(out.chunks).toEqual([]);
    // 3 bytes a character at most: this 21-character line may need 63 bytes, more than is left.
    log.write(`{"c":"${'x'.repeat(12)}"}\n`);
    expect(out.chunks).toEqual(['{"a":1}\n{"b":2}\n']);
    log.flush();
    expect(out.chunks).toEqual(['{"a":1}\n{"b":2}\n', `{"c":"${'x'.repeat(12)}"}\n`]);
    expect(out.flushes()).toBe(1);
    // Nothing waiting: a flush hands over no empty chunk.
    log.flush();
    expect(out.chunks).toHaveLength(2);
  });

  it('keeps every byte of lines with accents and emoji, and a line longer than a chunk whole', () => {
    const out = sink();
    const log = gatheredLines(out, 40);
    const lines = [
      '{"msg":"Campamento de Pascua, niñas y niños 🔥"}\n',
      '{"msg":"ñ"}\n',
      '{"msg":"ü"}\n',
    ];
    for (const line of lines) log.write(line);
    log.flush();
    expect(out.chunks.join('')).toBe(lines.join(''));
    expect(out.chunks[0]).toBe(lines[0]);
  });

  it('does not change a chunk once it is handed over', () => {
    const handed: Buffer[] = [];
    const log = gatheredLines({ write: (bytes) => handed.push(bytes), flush: () => {} }, 32);
    log.write('{"a":1}\n');
    log.flush();
    log.write('{"b":2}\n');
    log.flush();
    expect(handed.map((b) => b.toString())).toEqual(['{"a":1}\n', '{"b":2}\n']);
  });
});

describe('the request logger', () => {
  it('makes no child logger until something logs through it, then one with the request id', () => {
    const { lines, logger } = capture();
    const child = vi.spyOn(logger, 'child');
    const log = lazyChildLogger(logger, { reqId: 'req-9' }, {});
    expect(child).not.toHaveBeenCalled();
    log.debug('no se escribe a nivel info');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);

    log.error({ err: new Error('fallo') }, 'algo falló');
    log.warn('aviso');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => JSON.parse(l))).toMatchObject([
      { level: 50, reqId: 'req-9', msg: 'algo falló', err: { message: 'fallo' } },
      { level: 40, reqId: 'req-9', msg: 'aviso' },
    ]);
    expect(log.level).toBe('info');
  });

  it('follows the level of the logger it comes from', () => {
    const { lines, logger } = capture('warn');
    expect(logsAt(logger, 'info')).toBe(false);
    expect(logsAt(logger, 'warn')).toBe(true);
    const log = lazyChildLogger(logger, { reqId: 'req-1' }, {});
    log.info('no');
    log.warn('sí');
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['sí']);
  });
});
