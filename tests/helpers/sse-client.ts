export interface SseEvent {
  id?: string;
  event: string;
  data: string;
  /** performance.now() when the frame was complete, for latency assertions. */
  at: number;
}

export interface SseStream {
  status: number;
  /** The response's headers (which instance a proxy chose, when it says). */
  headers: Headers;
  events: SseEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server or the network ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Reads a text/event-stream over fetch, as the web client does (headers like X-Host-Secret
 * cannot go through EventSource). Frames are parsed per the SSE spec's field rules, enough for
 * the `id`, `event` and single-line `data` our server sends.
 */
export async function openStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const stream: SseStream = {
    status: response.status,
    headers: response.headers,
    events,
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          const seen = events.map((e) => `${e.event} ${e.data.slice(0, 120)}`).join('\n  ');
          reject(new Error(`no matching event in ${timeoutMs} ms; got:\n  ${seen}`));
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    ended: Promise.resolve(),
    close: () => controller.abort(),
  };
  if (!response.body) return stream;

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const frame = parseFrame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (!frame) continue;
          events.push(frame);
          for (const wake of [...waiters]) wake();
        }
      }
    } catch {
      // Aborted by close(), or the server went away: either way the stream has ended.
    }
  })();
  return stream;
}

function parseFrame(text: string): SseEvent | undefined {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  // Comments and the retry hint carry no data: not events.
  if (data.length === 0) return undefined;
  return { id, event, data: data.join('\n'), at: performance.now() };
}
