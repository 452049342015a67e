import { z } from 'zod';
import {
  LEADERBOARD_DEFAULT,
  LEADERBOARD_MAX,
  NICKNAME_MAX,
  NICKNAME_MIN,
  SLUG_PATTERN,
  TIME_LIMIT_MAX,
  TIME_LIMIT_MIN,
} from './limits.ts';
import { cleanText, visibleLength } from './text.ts';

/**
 * 'Concurso' (issue 18): a poll with `settings.quiz` on is a game. Its choice questions may have
 * options marked correct, each question may have a time limit, players pick a nickname, answers
 * score points and a leaderboard ranks the players. The server measures every answer's time and
 * never lets `correct` leave it before the question closes (QUIZ-API notes in routes.ts).
 */

/** Spanish messages of the quiz, shared by the server and the phone's form. */
export const quizMessages = {
  nicknameLength: `El apodo debe tener entre ${NICKNAME_MIN} y ${NICKNAME_MAX} caracteres`,
  nicknameRequired: 'Escribe tu apodo',
  nicknameBlocked: 'Ese apodo no está permitido. Elige otro',
  nicknameTaken: 'Ese apodo ya lo usa otra persona. Elige otro',
  nicknameRequiredToAnswer: 'Elige un apodo antes de responder',
  questionClosed: 'Esta pregunta ya está cerrada',
  questionNotStarted: 'Esta pregunta del concurso aún no ha empezado',
  timeLimit: `El tiempo va de ${TIME_LIMIT_MIN} a ${TIME_LIMIT_MAX} segundos, o sin límite`,
  oneCorrect: 'Una pregunta de opción única o de sí/no tiene una sola respuesta correcta',
} as const;

/** A question's time limit in whole seconds; null is 'Sin límite'. */
export const TimeLimitSeconds = z
  .number({ error: quizMessages.timeLimit })
  .int(quizMessages.timeLimit)
  .min(TIME_LIMIT_MIN, quizMessages.timeLimit)
  .max(TIME_LIMIT_MAX, quizMessages.timeLimit)
  .nullable();

/**
 * The clock of the current question of a quiz (ISO 8601). It starts the first time the question
 * becomes current and never again; `endsAt` is null without a time limit; `closedAt` is set once
 * the question closed (at endsAt, by the host, or when every player answered).
 */
export const QuizClock = z.object({
  questionId: z.number().int(),
  startedAt: z.string(),
  endsAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type QuizClock = z.infer<typeof QuizClock>;

/** A nickname: the hygiene of titles, trimmed, 2 to 24 visible characters. */
export const Nickname = cleanText({
  max: NICKNAME_MAX,
  tooLong: quizMessages.nicknameLength,
  required: quizMessages.nicknameRequired,
}).refine((s) => visibleLength(s, NICKNAME_MIN) >= NICKNAME_MIN, quizMessages.nicknameLength);

/** PUT /polls/{slug}/me: the caller (participant cookie) takes or changes its nickname. */
export const SetNicknameBody = z.object({ nickname: Nickname });
export type SetNicknameBody = z.input<typeof SetNicknameBody>;
export const SetNicknameResponse = z.object({ nickname: z.string() });
export type SetNicknameResponse = z.infer<typeof SetNicknameResponse>;

/** The caller's outcome of one closed question of a quiz. */
export const QuizResult = z.object({
  questionId: z.number().int(),
  /** False too when the player did not answer, or the question had no correct option. */
  correct: z.boolean(),
  points: z.number().int(),
});
export type QuizResult = z.infer<typeof QuizResult>;

/** The quiz fields of GET /polls/{slug}/me (in a poll that is not a quiz: null, 0, null, 0, []). */
export const ParticipantQuizState = z.object({
  nickname: z.string().nullable(),
  /** Points of the closed questions only: a running question scores nothing yet. */
  score: z.number().int(),
  /** Among the players (people with a nickname), ties share a rank (1, 2, 2, 4); null without
   *  a nickname. */
  rank: z.number().int().nullable(),
  /** People with a nickname in this poll. */
  players: z.number().int(),
  /** One per closed question of the quiz, in the order they closed. */
  results: z.array(QuizResult),
  /** 'Más tiempo' (WCAG 2.2.1): the host doubled this player's time limits, so its answer to a
   *  live question is taken until `startedAt` + 2 × the limit (+ the grace), not `endsAt`. */
  moreTime: z.boolean(),
});
export type ParticipantQuizState = z.infer<typeof ParticipantQuizState>;

export const LeaderboardEntry = z.object({
  /** Ties share a rank: 1, 2, 2, 4. */
  rank: z.number().int(),
  nickname: z.string(),
  score: z.number().int(),
  /** Questions answered correctly. */
  correct: z.number().int(),
  /** The rank before the last closed question (null when there was none, or the player had
   *  not joined yet): the projector shows `previousRank - rank` places moved. */
  previousRank: z.number().int().nullable(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;

/** GET /polls/{slug}/leaderboard: the best `limit` players, best first (ties by nickname). */
export const Leaderboard = z.object({
  entries: z.array(LeaderboardEntry),
  /** People with a nickname in this poll. */
  players: z.number().int(),
});
export type Leaderboard = z.infer<typeof Leaderboard>;

export const LeaderboardQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LEADERBOARD_MAX).default(LEADERBOARD_DEFAULT),
  /** Issue 27: an archived round's standings as it closed (the current round: as now). */
  round: z.coerce
    .number({ error: 'La ronda debe ser un número entero desde 1' })
    .int({ error: 'La ronda debe ser un número entero desde 1' })
    .min(1, { error: 'La ronda debe ser un número entero desde 1' })
    .optional(),
});

/** PATCH and DELETE /polls/{slug}/players/{nickname}: the player as the leaderboard names it. */
export const PlayerParams = z.object({
  slug: z.string().regex(SLUG_PATTERN),
  nickname: z
    .string()
    .min(1)
    .max(NICKNAME_MAX * 8),
});
/** PATCH /polls/{slug}/players/{nickname}: the host renames the player (a nickname's rules). */
export const RenamePlayerBody = z.object({ nickname: Nickname });
export type RenamePlayerBody = z.input<typeof RenamePlayerBody>;

/** POST /polls/{slug}/questions/{questionId}/close. */
export const CloseQuestionParams = z.object({
  slug: z.string().regex(SLUG_PATTERN),
  questionId: z.coerce.number().int().positive(),
});
