import { LIVE_HEARTBEAT_MS, LIVE_PRESENCE_MS } from '../../contract/index.ts';
import { withNow } from '../domain/poll-view.ts';
import { resultsOpenToAll } from '../domain/tally.ts';
import {
  type LiveCache,
  type PollSnapshot,
  type SummarySnapshot,
  summaryViewFor,
} from './cache.ts';
import type { ChangeBus, PollChange } from './change-bus.ts';
import type { PlayerFrames } from './player-frames.ts';
import { presenceChanged, presenceFrame } from './presence.ts';
import type { QaFeed } from './qa-feed.ts';
import {
  DEFAULT_LIMITS,
  type DropReason,
  encodeFrame,
  PING_FRAME,
  RETRY_FRAME,
  SseClient,
  type SseLimits,
  type SseSink,
} from './sse.ts';
import { newer, newTopic, nextId, sameView, type Topic } from './topic.ts';

/** What the hub reads: the cache in the app, a fake in unit tests. */
export type LiveReads = Pick<LiveCache, 'poll' | 'summary'> &
  Partial<Pick<LiveCache, 'recordBroadcast' | 'recordStreams'>>;

export interface HubOptions {
  heartbeatMs?: number;
  limits?: Partial<SseLimits>;
  log?: (message: string, error?: unknown) => void;
  /** Presence frames are coalesced to one per this window (default LIVE_PRESENCE_MS). */
  presenceMs?: number;
  /** Where `qa` frames come from (issue 20); without it, streams carry none. */
  qa?: Pick<QaFeed, 'frames'>;
  /** The ids of the poll's co-host links still stored (issue 28); without it, a revoked link's
   *  streams stay open. */
  cohostLinks?: (slug: string) => Promise<ReadonlySet<number>>;
  /** Each quiz player's own result after a close (issue 29); without it, phones read GET …/me. */
  players?: PlayerFrames;
}

export interface JoinRequest {
  slug: string;
  isHost: boolean;
  lastEventId?: number;
  /** What the route read to accept the client; the topic may already hold something newer. */
  poll: PollSnapshot;
  summary?: SummarySnapshot;
  /** The participant id of a participation page that asked to be counted as present. */
  presentAs?: string;
  /** The co-host link the stream was opened with (issue 28): it ends when the link is revoked. */
  cohostId?: number;
  /** False for a participation page's stream: the page never shows results, so it gets poll
   *  frames only (default true). */
  summaries?: boolean;
}

/**
 * The live hub: poll slug → open streams. A change on the bus makes the topic fetch the new
 * state from the cache (which coalesces summaries per window) and write each new snapshot as one
 * frame, encoded once, to every client it is for. Empty topics are deleted; a heartbeat keeps
 * idle streams open through proxies; slow clients are dropped by SseClient.
 */
export class LiveHub {
  private readonly topics = new Map<string, Topic>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly limits: SseLimits;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly presenceMs: number;
  /** The participant id each counted stream was counted under. */
  private readonly presentAs = new WeakMap<SseClient, string>();
  /** The version of the last `qa` frame each client got, so none is sent twice. */
  private readonly qaVersion = new WeakMap<SseClient, number>();
  private readonly qa?: Pick<QaFeed, 'frames'>;
  private readonly cohostLinks?: (slug: string) => Promise<ReadonlySet<number>>;
  /** The co-host link each such stream was opened with. */
  private readonly cohostOf = new WeakMap<SseClient, number>();
  private readonly players?: PlayerFrames;
  private closed = false;

  constructor(
    private readonly cache: LiveReads,
    private readonly bus: ChangeBus,
    options: HubOptions = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.log = options.log ?? ((message, error) => console.warn(message, error));
    this.presenceMs = options.presenceMs ?? LIVE_PRESENCE_MS;
    this.qa = options.qa;
    this.cohostLinks = options.cohostLinks;
    this.players = options.players;
    this.unsubscribe = bus.subscribe((change) => this.apply(change));
    this.heartbeat = setInterval(() => this.ping(), options.heartbeatMs ?? LIVE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Slugs with open streams (for a staleness guard). */
  slugs(): IterableIterator<string> {
    return this.topics.keys();
  }

  stats(): { topics: number; clients: number } {
    let clients = 0;
    for (const topic of this.topics.values()) clients += topic.clients.size;
    return { topics: this.topics.size, clients };
  }

  /** A change of the poll: its streams get the new state. The bus calls it. */
  apply(change: PollChange): void {
    const topic = this.topics.get(change.slug);
    if (!topic) return;
    if (change.kind === 'cohosts') {
      void this.endRevokedLinks(topic);
      return;
    }
    // The cache hears the same publish; by the next microtask every listener of it has run, so
    // the cache knows the change whichever subscribed first.
    queueMicrotask(() => void this.sync(topic, change.kind));
  }

  /**
   * Opens a stream: writes the retry hint and the current state at once, then keeps the client
   * in the poll's topic. Undefined when the hub is closing (the response is ended).
   */
  join(sink: SseSink, request: JoinRequest): SseClient | undefined {
    if (this.closed) {
      sink.end();
      return undefined;
    }
    const topic = this.topic(request.slug);
    if (request.lastEventId !== undefined) {
      // Ids are never behind the clock, so a genuine Last-Event-ID is at most the topic's last
      // id or now. Clamped there: a made-up huge one would otherwise push every later id of
      // the poll up to it, where they would stick (nextId counts on from it).
      const current = Math.max(topic.lastId, Date.now());
      topic.lastId = Math.max(topic.lastId, Math.min(request.lastEventId, current));
    }
    const client = new SseClient(request.slug, request.isHost, sink, this.limits, (c, reason) =>
      this.dropped(c, reason),
    );
    client.wantsSummaries = request.summaries ?? true;
    topic.clients.add(client);
    client.send(RETRY_FRAME);

    const poll = newer(request.poll, topic.poll)!;
    client.pollVersion = poll.version;
    client.send(
      encodeFrame(this.nextId(topic), 'poll', withNow(request.isHost ? poll.hostJson : poll.json)),
      'poll',
    );
    this.setCanSee(topic, client, request.isHost || resultsOpenToAll(poll.poll));
    const summary = newer(request.summary, topic.summary);
    if (client.canSeeResults && summary) {
      client.summaryVersion = summary.version;
      const view = summaryViewFor(summary, client.isHost);
      client.send(encodeFrame(this.nextId(topic), 'summary', view.json), 'summary');
    }
    if (request.isHost) {
      topic.hosts.add(client);
      client.send(this.presenceFrame(topic, topic.present.size));
    }
    if (request.cohostId !== undefined) this.cohostOf.set(client, request.cohostId);
    if (request.presentAs !== undefined) {
      const id = request.presentAs;
      this.presentAs.set(client, id);
      topic.present.set(id, (topic.present.get(id) ?? 0) + 1);
      this.presenceChanged(topic);
    }
    // What the route read may be a change behind (one that arrived while it awaited, before
    // this topic existed); the topic catches up, and clients already current are skipped.
    void this.sync(topic, 'poll');
    return client;
  }

  /** The client's connection closed. */
  leave(client: SseClient): void {
    client.detach();
    this.remove(client);
  }

  /** Treats the poll as changed: re-read and sent where newer (staleness guard). */
  refresh(slug: string): void {
    this.apply({ slug, kind: 'poll' });
  }

  /** Ends every stream (shutdown), so the server can close; clients reconnect elsewhere. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    this.unsubscribe();
    for (const topic of this.topics.values()) {
      for (const client of topic.clients) client.end();
    }
    for (const topic of this.topics.values()) {
      clearTimeout(topic.presenceTimer);
      topic.releaseVotes?.();
    }
    this.topics.clear();
  }

  /** People with the participation page open on this instance (tests, the presenter). */
  presence(slug: string): number {
    return this.topics.get(slug)?.present.size ?? 0;
  }

  private topic(slug: string): Topic {
    let topic = this.topics.get(slug);
    if (!topic) {
      topic = newTopic(slug);
      this.topics.set(slug, topic);
    }
    return topic;
  }

  private nextId(topic: Topic): number {
    return nextId(topic);
  }

  private async sync(topic: Topic, kind: PollChange['kind']): Promise<void> {
    try {
      // Audience questions: their own frames, nothing else to refresh.
      if (kind === 'qa') return await this.syncQa(topic);
      if (kind === 'poll') {
        await this.syncPoll(topic);
        // Q&A turned on (or a new stream joined, which syncs as a poll change).
        await this.syncQa(topic);
      }
      // Nobody may see results (a private poll's participants): no summary is built for them.
      if (topic.seers.size > 0) await this.syncSummary(topic);
    } catch (error) {
      // The next change tries again; meanwhile clients keep the last state they got.
      this.log(`live: could not refresh poll ${topic.slug}`, error);
    }
  }

  private async syncPoll(topic: Topic): Promise<void> {
    const snapshot = await this.cache.poll(topic.slug);
    if (!snapshot) return this.erased(topic);
    if (topic.poll && snapshot.version <= topic.poll.version) return;
    // A re-read that found nothing new (a staleness guard's refresh) sends nothing.
    // (`now` aside: it is the time of the read, stamped again on sending.)
    if (topic.poll && sameView(snapshot.json, topic.poll.json)) return;
    // A quiz question that just closed: each player's own result leaves with the poll frame
    // that shows the close, in the same write (one syscall per phone, not two).
    const players = await this.playerBodies(topic, snapshot);
    // Another sync sent something newer meanwhile: only the players' frames are left to send.
    const current = !topic.poll || snapshot.version > topic.poll.version;
    if (current) topic.poll = snapshot;
    const open = resultsOpenToAll(snapshot.poll);
    let frame: Buffer | undefined;
    let hostFrame: Buffer | undefined;
    for (const client of topic.clients) {
      let pollFrame: Buffer | undefined;
      if (current && client.pollVersion < snapshot.version) {
        client.pollVersion = snapshot.version;
        // Two frames at most: a quiz's host also gets the correct answers before the close.
        if (client.isHost && snapshot.hostJson !== snapshot.json) {
          pollFrame = hostFrame ??= encodeFrame(
            this.nextId(topic),
            'poll',
            withNow(snapshot.hostJson),
          );
        } else {
          pollFrame = frame ??= encodeFrame(this.nextId(topic), 'poll', withNow(snapshot.json));
        }
      }
      const id = players && this.presentAs.get(client);
      const body = id === undefined ? undefined : players?.(id);
      const mine = body === undefined ? undefined : encodeFrame(this.nextId(topic), 'player', body);
      if (pollFrame && mine) client.send(Buffer.concat([pollFrame, mine]), 'poll');
      else if (pollFrame) client.send(pollFrame, 'poll');
      else if (mine) client.send(mine);
      // Closing, or making results public or private, changes who gets summaries from now on.
      if (current) this.setCanSee(topic, client, client.isHost || open);
    }
  }

  /**
   * A quiz question just closed (or the game ended): each player's stream gets its own points
   * and rank (a `player` frame, never anyone else's). Undefined when there is nothing to send;
   * streams without a player (hosts, projectors, people without a nickname) get nothing.
   */
  private async playerBodies(
    topic: Topic,
    snapshot: PollSnapshot,
  ): Promise<((participantId: string) => string | undefined) | undefined> {
    const scoredAt = this.players?.scoredAt(snapshot);
    if (scoredAt === undefined || scoredAt === topic.scoredAt) return undefined;
    topic.scoredAt = scoredAt;
    try {
      return await this.players!.bodies(snapshot);
    } catch (error) {
      // The poll frame still goes; the players' frames are tried again on the next change,
      // and meanwhile phones ask GET …/me themselves.
      topic.scoredAt = undefined;
      this.log(`live: could not read the standings of poll ${topic.slug}`, error);
      return undefined;
    }
  }

  private async syncSummary(topic: Topic): Promise<void> {
    const snapshot = await this.cache.summary(topic.slug);
    const current = topic.summary;
    if (
      snapshot &&
      (!current || (snapshot.version > current.version && snapshot.etag !== current.etag))
    ) {
      topic.summary = snapshot;
    }
    const latest = topic.summary;
    if (!latest) return;
    // Two frames at most: the host's, and everyone else's (no counts of hidden questions).
    let hostFrame: Buffer | undefined;
    let audienceFrame: Buffer | undefined;
    let sent = 0;
    const started = performance.now();
    // Also reaches clients that just became allowed and hold an older summary or none.
    for (const client of topic.seers) {
      if (client.summaryVersion >= latest.version) continue;
      client.summaryVersion = latest.version;
      sent++;
      if (client.isHost || latest.audience.etag === latest.etag) {
        hostFrame ??= encodeFrame(this.nextId(topic), 'summary', latest.json);
        client.send(hostFrame, 'summary');
      } else {
        audienceFrame ??= encodeFrame(this.nextId(topic), 'summary', latest.audience.json);
        client.send(audienceFrame, 'summary');
      }
    }
    // The coalescing window follows what a frame to this many streams costs.
    if (sent > 0) this.cache.recordBroadcast?.(topic.slug, performance.now() - started, sent);
  }

  /** Every stream of a poll with Q&A on gets its `qa` frames: the host's carry the count of
   *  questions waiting for review, everyone else's only what the audience may see. */
  private async syncQa(topic: Topic): Promise<void> {
    if (!this.qa || !topic.poll?.poll.qa) return;
    const snapshot = await this.qa.frames(topic.slug);
    if (!snapshot) return;
    if (!topic.qa || snapshot.version > topic.qa.version) topic.qa = snapshot;
    const latest = topic.qa;
    let hostFrame: Buffer | undefined;
    let audienceFrame: Buffer | undefined;
    for (const client of topic.clients) {
      if ((this.qaVersion.get(client) ?? 0) >= latest.version) continue;
      this.qaVersion.set(client, latest.version);
      if (client.isHost) {
        hostFrame ??= encodeFrame(this.nextId(topic), 'qa', latest.hostJson);
        client.send(hostFrame);
      } else {
        audienceFrame ??= encodeFrame(this.nextId(topic), 'qa', latest.audienceJson);
        client.send(audienceFrame);
      }
    }
  }

  private setCanSee(topic: Topic, client: SseClient, canSee: boolean): void {
    client.canSeeResults = canSee && client.wantsSummaries;
    if (client.canSeeResults && client.isOpen) topic.seers.add(client);
    else topic.seers.delete(client);
    this.cache.recordStreams?.(topic.slug, topic.seers.size);
    this.watchVotes(topic);
  }

  /** Streams that see results need other instances' votes changes, even after the cache has
   *  evicted the poll (its watch then ends); a topic without seers does not. */
  private watchVotes(topic: Topic): void {
    if (topic.seers.size > 0) topic.releaseVotes ??= this.bus.watchVotes(topic.slug);
    else if (topic.releaseVotes) {
      topic.releaseVotes();
      topic.releaseVotes = undefined;
    }
  }

  private presenceChanged(topic: Topic): void {
    presenceChanged(topic, this.presenceMs);
  }

  private presenceFrame(topic: Topic, count: number): Buffer {
    return presenceFrame(topic, count);
  }

  private ping(): void {
    for (const topic of this.topics.values()) {
      for (const client of topic.clients) client.send(PING_FRAME);
    }
  }

  /** The poll is gone (deleted by its host, issue 24; a stale draft swept): every stream gets
   *  `deleted` and ends, so pages say 'Encuesta no encontrada' instead of waiting on a poll
   *  that will never change again (a reconnect would get the 404). */
  private erased(topic: Topic): void {
    const frame = encodeFrame(this.nextId(topic), 'deleted', JSON.stringify({ slug: topic.slug }));
    for (const client of [...topic.clients]) {
      client.send(frame);
      client.end();
      this.remove(client);
    }
  }

  /** A link of the poll was revoked: the streams opened with a link no longer stored end (a
   *  reconnect with it is refused, LINK_REVOKED), so they get no more host frames. */
  private async endRevokedLinks(topic: Topic): Promise<void> {
    const linked = [...topic.clients].filter((client) => this.cohostOf.has(client));
    if (linked.length === 0 || !this.cohostLinks) return;
    try {
      const kept = await this.cohostLinks(topic.slug);
      for (const client of linked) {
        if (kept.has(this.cohostOf.get(client) as number)) continue;
        client.end();
        this.remove(client);
      }
    } catch (error) {
      // Read again at the next revocation; meanwhile the stream keeps what it had.
      this.log(`live: could not check the co-host links of poll ${topic.slug}`, error);
    }
  }

  private dropped(client: SseClient, reason: DropReason): void {
    this.remove(client);
    this.log(`live: dropped a ${reason} client of poll ${client.slug}`);
  }

  private remove(client: SseClient): void {
    const topic = this.topics.get(client.slug);
    if (!topic?.clients.delete(client)) return;
    topic.seers.delete(client);
    this.watchVotes(topic);
    topic.hosts.delete(client);
    const id = this.presentAs.get(client);
    if (id !== undefined) {
      const left = (topic.present.get(id) ?? 1) - 1;
      if (left > 0) topic.present.set(id, left);
      else topic.present.delete(id);
      this.presenceChanged(topic);
    }
    if (topic.clients.size === 0) {
      clearTimeout(topic.presenceTimer);
      this.topics.delete(client.slug);
    }
  }
}
