/** One dispatched server-sent event (WHATWG HTML, "event stream interpretation"). */
export type SseMessage = {
  /** The `event:` field, or 'message' when the frame had none. */
  event: string;
  /** Every `data:` line of the frame, joined with '\n'. */
  data: string;
  /** The last event id seen on the stream so far (ids persist across frames). */
  id: string;
};

export type SseHandlers = {
  onMessage: (message: SseMessage) => void;
  /** A valid `retry:` field: how long the server asks clients to wait before reconnecting. */
  onRetry?: (ms: number) => void;
  onComment?: (text: string) => void;
};

/**
 * Incremental parser of `text/event-stream`, fed decoded text in whatever pieces the network
 * delivers. A line (or even a CRLF pair) may be split across chunks, so the unfinished tail is
 * kept until its end arrives.
 */
export class SseParser {
  private tail = '';
  /** The previous chunk ended in CR: a LF opening the next chunk belongs to that line end. */
  private skipLeadingLf = false;
  private data: string[] = [];
  private event = '';
  private id: string;

  constructor(
    private readonly handlers: SseHandlers,
    lastEventId = '',
  ) {
    this.id = lastEventId;
  }

  /** The id a reconnect sends as Last-Event-ID. */
  get lastEventId(): string {
    return this.id;
  }

  push(chunk: string): void {
    let text = chunk;
    if (this.skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
    if (text.length > 0) this.skipLeadingLf = false;
    text = this.tail + text;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const char = text[i];
      if (char !== '\n' && char !== '\r') continue;
      this.line(text.slice(start, i));
      if (char === '\r') {
        if (i + 1 === text.length) this.skipLeadingLf = true;
        else if (text[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    this.tail = text.slice(start);
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) {
      this.handlers.onComment?.(line.slice(1).trimStart());
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.event = value;
        break;
      case 'data':
        this.data.push(value);
        break;
      case 'id':
        // The standard ignores ids containing NUL (they could not be sent back in a header).
        if (!value.includes('\0')) this.id = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.handlers.onRetry?.(Number(value));
        break;
      default:
        // Unknown fields are ignored, as the standard says.
        break;
    }
  }

  private dispatch(): void {
    const data = this.data;
    const event = this.event;
    this.data = [];
    this.event = '';
    // A frame without data (only an id, event or retry) updates state but is not an event.
    if (data.length === 0) return;
    this.handlers.onMessage({ event: event || 'message', data: data.join('\n'), id: this.id });
  }
}
