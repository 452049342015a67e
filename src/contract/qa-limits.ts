/** Issue 20's numbers and messages, without zod: the web app's Q&A screens import them. */

/** What a person may write: a tweet's length; long enough for a real question with context. */
export const QA_TEXT_MAX = 280;
/** "¿Y?" is not a question worth a slot on the screen. */
export const QA_TEXT_MIN_VISIBLE = 3;
/** The optional name shown beside the question ('Anónimo' without one). */
export const QA_NICKNAME_MAX = 40;
/** One page of a list (GET …/qa): the phone shows 50 and loads more on request. */
export const QA_PAGE_DEFAULT = 50;
export const QA_PAGE_MAX = 200;
/** Questions of each sort carried by a `qa` frame: a phone's first screen and the projector's
 *  top 5 with room; bounded so a frame stays small (< 16 KB gzip) however many are stored. */
export const QA_FRAME_QUESTIONS = 10;

export const qaMessages = {
  textRequired: 'Escribe tu pregunta',
  textTooShort: 'La pregunta debe tener al menos 3 caracteres visibles',
  textTooLong: 'La pregunta no puede exceder 280 caracteres',
  nicknameTooLong: 'El nombre no puede exceder 40 caracteres',
  closed: 'Las preguntas del público no están abiertas en esta encuesta',
  full: 'Esta encuesta ya no admite más preguntas del público',
  sourceShare:
    'Se han enviado muchas preguntas desde esta conexión; espera a que se respondan algunas',
  participantShare: 'Ya has enviado muchas preguntas; espera a que se respondan algunas',
} as const;
