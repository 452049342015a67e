import { describe, expect, it } from 'vitest';
import { type SseMessage, SseParser } from './sse-parser.ts';

function collect(lastEventId?: string) {
  const messages: SseMessage[] = [];
  const retries: number[] = [];
  const comments: string[] = [];
  const parser = new SseParser(
    {
      onMessage: (m) => messages.push(m),
      onRetry: (ms) => retries.push(ms),
      onComment: (c) => comments.push(c),
    },
    lastEventId,
  );
  return { parser, messages, retries, comments };
}

describe('SseParser', () => {
  it('parses a frame with event, id and data', () => {
    const { parser, messages } = collect();
    parser.push('event: poll\nid: 7\ndata: {"a":1}\n\n');
    expect(messages).toEqual([{ event: 'poll', data: '{"a":1}', id: '7' }]);
    expect(parser.lastEventId).toBe('7');
  });

  it('waits for the end of a frame split anywhere, even mid-line and mid-field', () => {
    const { parser, messages } = collect();
    const text = 'event: summary\nid: 12\ndata: {"total":3}\n\nevent: poll\ndata: x\n\n';
    for (const char of text) parser.push(char);
    expect(messages).toEqual([
      { event: 'summary', data: '{"total":3}', id: '12' },
      { event: 'poll', data: 'x', id: '12' },
    ]);
  });

  it('joins multi-line data with newlines', () => {
    const { parser, messages } = collect();
    parser.push('data: first\ndata:second\ndata\ndata:  two spaces\n\n');
    expect(messages[0]?.data).toBe('first\nsecond\n\n two spaces');
    expect(messages[0]?.event).toBe('message');
  });

  it('accepts CRLF and CR line ends, also when CRLF is split across chunks', () => {
    const { parser, messages } = collect();
    parser.push('event: poll\r');
    parser.push('\ndata: a\r\n\r');
    parser.push('\nevent: summary\rdata: b\r\r');
    expect(messages).toEqual([
      { event: 'poll', data: 'a', id: '' },
      { event: 'summary', data: 'b', id: '' },
    ]);
  });

  it('reports comments (heartbeats) without dispatching', () => {
    const { parser, messages, comments } = collect();
    parser.push(': ping\n\n:\n');
    expect(comments).toEqual(['ping', '']);
    expect(messages).toEqual([]);
  });

  it('reads retry only when it is all digits', () => {
    const { parser, retries, messages } = collect();
    parser.push('retry: 2000\n\nretry: 2s\nretry: -1\n\n');
    expect(retries).toEqual([2000]);
    expect(messages).toEqual([]);
  });

  it('keeps the last id across frames, ignores ids with NUL, and starts from a given id', () => {
    const { parser, messages } = collect('40');
    parser.push('data: a\n\nid: 41\n\ndata: b\n\nid: bad\0id\ndata: c\n\n');
    expect(messages.map((m) => m.id)).toEqual(['40', '41', '41']);
    expect(parser.lastEventId).toBe('41');
  });

  it('drops the event name of a frame without data and ignores unknown fields', () => {
    const { parser, messages } = collect();
    parser.push('event: poll\n\nfoo: bar\ndata: z\n\n');
    expect(messages).toEqual([{ event: 'message', data: 'z', id: '' }]);
  });

  it('does not dispatch an unfinished frame', () => {
    const { parser, messages } = collect();
    parser.push('event: poll\ndata: half');
    expect(messages).toEqual([]);
    parser.push('\n\n');
    expect(messages).toHaveLength(1);
  });
});
