import type { Socket } from 'node:net';

/**
 * /health answered before the connection gate (issue 25): when every place is taken by busy
 * sockets (40 addresses × 500 streams plus slow bodies reached the cap), a connection the gate
 * cannot admit is not cut at once. Its first bytes are read here, outside HTTP: a
 * `GET /api/v1/health` (or `/health`) gets the same answer the app gives, written from memory,
 * and the socket is closed; anything else is cut as before. So a load balancer's probe always
 * gets its answer while the server is full, and a flood of refused sockets costs one read each.
 *
 * Bounded: at most `maxWaiting` such sockets at once (a descriptor each, from the reserve the
 * connection cap leaves free), each for at most `waitMs`; past that, cut at once.
 */
export class HealthProbes {
  private waiting = 0;
  private response: Buffer | undefined;
  answered = 0;

  constructor(
    private readonly maxWaiting = 64,
    private readonly waitMs = 2_000,
  ) {}

  /** The raw HTTP response to send (the app's own answer to GET /api/v1/health). */
  setResponse(response: Buffer): void {
    this.response = response;
  }

  /** Takes a socket the gate refused: answers it if it asks for /health, else destroys it. */
  take(socket: Socket): void {
    const response = this.response;
    if (!response || this.waiting >= this.maxWaiting || socket.destroyed) {
      socket.destroy();
      return;
    }
    this.waiting++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      this.waiting--;
      clearTimeout(timer);
    };
    const timer = setTimeout(() => {
      finish();
      socket.destroy();
    }, this.waitMs);
    timer.unref();
    socket.on('error', () => {});
    socket.once('close', finish);
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n') && head.length < 64) return;
      socket.off('data', onData);
      finish();
      if (isHealthRequest(head)) {
        this.answered++;
        socket.end(response);
      } else socket.destroy();
    };
    socket.on('data', onData);
  }
}

/** The request line of a health probe: GET of /api/v1/health or /health. */
function isHealthRequest(head: string): boolean {
  return /^GET \/(api\/v1\/)?health(\?[^ ]*)? HTTP\/1\.[01]\r\n/.test(head);
}

/** A complete HTTP/1.1 response from an injected one: status, headers, body; the connection
 *  closes after it. */
export function rawResponse(
  status: number,
  headers: Record<string, string | string[] | number | undefined>,
  body: string,
): Buffer {
  const bytes = Buffer.from(body, 'utf8');
  const lines = [`HTTP/1.1 ${status} OK`];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (
      ['connection', 'content-length', 'keep-alive', 'date', 'transfer-encoding'].includes(lower)
    ) {
      continue;
    }
    for (const v of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${v}`);
  }
  lines.push(`content-length: ${bytes.length}`, 'connection: close', '', '');
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), bytes]);
}
