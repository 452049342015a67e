import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { ADDRESSES } from './quiz-players.ts';

/**
 * Rahoot's protocol as its web client speaks it (Ralex91/Rahoot, packages/web and
 * packages/socket at 91cc356): socket.io over WebSocket only (`transports: ['websocket']`), a
 * client id in the handshake's `auth`, and every screen a `game:status` frame { name, data }.
 * A player's answer has no socket.io acknowledgement: the server's reply to it is the WAIT status
 * it sends that player alone, which is what the bench times as the answer's ack.
 */

/** A `game:status` frame and when it arrived (Date.now(), comparable across processes). */
export interface StatusFrame {
  name: string;
  at: number;
  data: Record<string, unknown>;
}

/** One connected client: its socket, every status frame, and a wait for the next of a name. */
export interface RahootClient {
  socket: Socket;
  statuses: StatusFrame[];
  /** Times this client's socket dropped (Rahoot's collapse shows as disconnects). */
  disconnects: number;
  /** The next `game:status` frame named `name` from now on. */
  nextStatus(name: string, timeoutMs: number): Promise<StatusFrame>;
  close(): void;
}

/** Connects from ADDRESSES[i % 20], as bench:quiz's phones do, with a fresh client id. */
export function connect(url: string, i: number): Promise<RahootClient> {
  const socket = io(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: { clientId: randomUUID() },
    localAddress: ADDRESSES[i % ADDRESSES.length],
  } as Parameters<typeof io>[1]);
  const client: RahootClient = {
    socket,
    statuses: [],
    disconnects: 0,
    nextStatus(name, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          socket.off('game:status', onStatus);
          reject(new Error(`no ${name} status in ${timeoutMs} ms`));
        }, timeoutMs);
        const onStatus = (frame: { name: string }) => {
          if (frame.name !== name) return;
          clearTimeout(timer);
          socket.off('game:status', onStatus);
          // The frame was recorded by the listener added first (below).
          resolve(client.statuses.at(-1)!);
        };
        socket.on('game:status', onStatus);
      });
    },
    close: () => socket.close(),
  };
  socket.on('game:status', (frame: { name: string; data: Record<string, unknown> }) => {
    client.statuses.push({ name: frame.name, at: Date.now(), data: frame.data });
  });
  socket.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') client.disconnects++;
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', reject);
  });
}

/** The first `event` the socket receives, within `timeoutMs`. */
export function once<T>(socket: Socket, event: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} in ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (value: T) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/** The manager logs in with the game's password and creates a game of quiz `quizzId`. */
export async function createGame(url: string, password: string, quizzId: string) {
  const manager = await connect(url, 0);
  const listed = once(manager.socket, 'manager:quizzList');
  manager.socket.emit('manager:auth', password);
  await listed;
  const created = once<{ gameId: string; inviteCode: string }>(
    manager.socket,
    'manager:gameCreated',
  );
  manager.socket.emit('game:create', quizzId);
  return { manager, ...(await created) };
}

/** Player i enters the invite code, then its nickname, as Rahoot's two join screens do. */
export async function joinGame(url: string, i: number, inviteCode: string) {
  const player = await connect(url, i);
  const room = once<string>(player.socket, 'game:successRoom');
  player.socket.emit('player:join', inviteCode);
  const gameId = await room;
  const joined = once(player.socket, 'game:successJoin');
  player.socket.emit('player:login', { gameId, data: { username: `Jugador ${i}` } });
  await joined;
  return player;
}

/** A quiz file as Rahoot's config/quizz/*.json: `questions` of four answers, the correct one
 *  A, B, C, D in turn (as bench:quiz's createQuiz), `timeSeconds` each to answer. */
export function quizFile(questions: number, timeSeconds: number) {
  return {
    subject: 'Concurso',
    questions: Array.from({ length: questions }, (_, k) => ({
      question: `Pregunta ${k + 1}`,
      answers: ['A', 'B', 'C', 'D'],
      solution: k % 4,
      // Seconds the question shows before its answers: outside every measured window.
      cooldown: 1,
      time: timeSeconds,
    })),
  };
}

/** Player i's answer to question k: a quarter of the room right, the rest the first wrong
 *  answer (bench:quiz's optionOf). */
export const answerOf = (k: number, i: number) => {
  const solution = k % 4;
  return i % 4 === 0 ? solution : solution === 0 ? 1 : 0;
};
