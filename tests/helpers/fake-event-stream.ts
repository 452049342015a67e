/**
 * A controllable `text/event-stream` response for web tests: the test writes frames, drops the
 * connection or lets it hang, as the real server and network would.
 */
export class FakeEventStream {
  readonly response: Response;
  /** Request headers the client sent when it opened this stream. */
  readonly headers: Record<string, string>;
  cancelled = false;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private readonly encoder = new TextEncoder();

  constructor(init: RequestInit = {}) {
    this.headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [
        k.toLowerCase(),
        v,
      ]),
    );
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => {
        this.cancelled = true;
      },
    });
    this.response = new Response(body, {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream' },
    });
  }

  /** Raw text, exactly as given (tests split frames wherever they like). */
  write(text: string): void {
    if (!this.cancelled) this.controller.enqueue(this.encoder.encode(text));
  }

  writeBytes(bytes: Uint8Array): void {
    if (!this.cancelled) this.controller.enqueue(bytes);
  }

  send(event: string, data: unknown, id?: number): void {
    const idLine = id === undefined ? '' : `id: ${id}\n`;
    this.write(`event: ${event}\n${idLine}data: ${JSON.stringify(data)}\n\n`);
  }

  /** The server ends the response (restart, proxy timeout). */
  end(): void {
    if (!this.cancelled) this.controller.close();
  }

  /** The network breaks mid-stream. */
  fail(): void {
    if (!this.cancelled) this.controller.error(new TypeError('network error'));
  }
}

/** Every stream opened so far, newest last; `handle` answers the events request with a new one. */
export class FakeEventServer {
  readonly streams: FakeEventStream[] = [];

  handle(init: RequestInit): Response {
    const stream = new FakeEventStream(init);
    this.streams.push(stream);
    return stream.response;
  }

  get last(): FakeEventStream {
    const stream = this.streams.at(-1);
    if (!stream) throw new Error('No event stream was opened');
    return stream;
  }
}

export function isEventsUrl(url: URL): boolean {
  return url.pathname.endsWith('/events');
}
