import { PassThrough, Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { errorsPlugin } from './errors';

function appWithLog() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as { level: number; msg: string });
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  return { app, lines };
}

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await close?.();
});

describe('errors the shop did not cause', () => {
  test('a stream closed before its answer left is logged as the client leaving, not as an error', async () => {
    const { app, lines } = appWithLog();
    close = () => app.close();
    await app.register(errorsPlugin);
    app.get('/gone', (_request, reply) => {
      const body = new PassThrough();
      setImmediate(() => body.destroy());
      return reply.send(body);
    });
    await app.inject({ method: 'GET', url: '/gone' });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(
      lines.some((line) => line.msg === 'the client closed the connection before the answer was sent'),
    ).toBe(true);
  });

  test('any other failure is still logged as an error and answered 500', async () => {
    const { app, lines } = appWithLog();
    close = () => app.close();
    await app.register(errorsPlugin);
    app.get('/broken', () => {
      throw new Error('boom');
    });
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(lines.some((line) => line.level >= 50 && line.msg === 'unhandled error')).toBe(true);
  });
});
