import { encodeFrame } from './sse.ts';
import { nextId, type Topic } from './topic.ts';

/**
 * Tells the hosts the new count: at once after a quiet window, else once at the window's end
 * with whatever the count is then, so a room scanning the QR together costs one frame a second.
 */
export function presenceChanged(topic: Topic, presenceMs: number): void {
  if (topic.presenceTimer || topic.hosts.size === 0) return;
  const wait = topic.presenceSentAt + presenceMs - Date.now();
  if (wait <= 0) {
    sendPresence(topic);
    return;
  }
  topic.presenceTimer = setTimeout(() => {
    topic.presenceTimer = undefined;
    sendPresence(topic);
  }, wait);
  topic.presenceTimer.unref();
}

function sendPresence(topic: Topic): void {
  const count = topic.present.size;
  if (count === topic.presenceSent) return;
  const frame = presenceFrame(topic, count);
  for (const client of topic.hosts) client.send(frame);
}

/** A `presence` frame with the count, remembered as the last one told to the hosts. */
export function presenceFrame(topic: Topic, count: number): Buffer {
  topic.presenceSent = count;
  topic.presenceSentAt = Date.now();
  return encodeFrame(nextId(topic), 'presence', JSON.stringify({ participants: count }));
}
