import { createServer, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../tests/support/api-client.ts';

/**
 * A server that keeps its first connection alive after one answer, then resets it when a second request comes
 * on it without reading that request: what a kept-alive connection closed by the server's idle timer as the
 * client reused it looks like. Every later connection is answered.
 */
const sockets: Socket[] = [];
let connections = 0;
const server = createServer((socket) => {
  sockets.push(socket);
  const first = ++connections === 1;
  let answered = 0;
  socket.on('error', () => undefined);
  socket.on('data', () => {
    if (first && answered === 1) return socket.resetAndDestroy();
    answered++;
    socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}');
  });
});
const listening = new Promise<number>((resolve) =>
  server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
);
afterAll(() => {
  for (const s of sockets) s.destroy();
  server.close();
});

describe("the tests' api client", () => {
  // A POST: fetch itself sends a GET again on such a reset, never a POST (an upload, a submission).
  it('sends a request again when the kept-alive connection it reused is reset before any answer', async () => {
    const client = new ApiClient(`http://127.0.0.1:${await listening}`);
    expect((await client.get('/first')).body).toEqual({ ok: true });
    expect((await client.post('/second', { a: 1 })).body).toEqual({ ok: true });
    expect(connections).toBeGreaterThan(1); // answered on a connection of its own
  });
});
