import { connect } from 'node:net';

/**
 * One PATCH whose body stops half-way: headers announce 1,000 bytes, 20 arrive, the socket is
 * destroyed. Resolves with the status line if the server answered before the cut (it should
 * not answer a 503 to a client that is gone), else ''. For the log-flood test and bench:abuse.
 */
export function cutOffBody(port: number, slug: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('connect', () => {
      socket.write(
        `PATCH /api/v1/polls/${slug} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `X-Host-Secret: ${'s'.repeat(43)}\r\nContent-Length: 1000\r\n\r\n{"title":"cortado`,
      );
      // Long enough for the server to start reading the body, then gone.
      setTimeout(() => socket.destroy(), 20);
    });
  });
}
