import type { ErrorCode } from '../../contract/index.ts';

/** What a person reads when the server refuses something; callers may say more precisely why. */
export const defaultMessages: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'Los datos enviados no son válidos',
  INVALID_JSON: 'El cuerpo de la petición no es un JSON válido',
  PAYLOAD_TOO_LARGE: 'La petición es demasiado grande (máximo 64 KB)',
  UNSUPPORTED_MEDIA_TYPE: 'Tipo de contenido no admitido: envía application/json',
  NOT_FOUND: 'Ruta no encontrada',
  POLL_NOT_FOUND: 'Encuesta no encontrada',
  QUESTION_NOT_FOUND: 'Pregunta no encontrada',
  OPTION_NOT_FOUND: 'Opción no encontrada',
  ANSWER_NOT_FOUND: 'Respuesta no encontrada',
  JOIN_CODE_NOT_FOUND: 'No hay ninguna encuesta activa con ese código',
  NO_SECRET: 'Se requiere el código de presentador',
  FORBIDDEN: 'Código de presentador incorrecto',
  SCOPE_FORBIDDEN:
    'Este enlace de gestión no permite hacer esto; pídeselo a quien tiene el código de presentador',
  LINK_REVOKED:
    'Este enlace de gestión ya no es válido: lo revocaron o la encuesta ya no existe. Pide uno nuevo a quien organiza',
  INVALID_TRANSITION: 'Ese cambio de estado no está permitido',
  POLL_NOT_OPEN: 'La encuesta no está abierta',
  POLL_NOT_OPEN_YET: 'La tarea aún no ha empezado',
  QUESTION_NOT_CURRENT:
    'Esa pregunta no es la que muestra ahora el presentador; responde la pregunta actual',
  INVALID_BALLOT: 'El voto no es válido',
  ALREADY_VOTED: 'Ya votaste en esta pregunta',
  IDEMPOTENCY_MISMATCH: 'Esta clave de idempotencia ya se usó con otro voto',
  RESULTS_PRIVATE:
    'Los resultados no están disponibles públicamente mientras la encuesta está abierta',
  INVALID_ORDER: 'El orden debe incluir exactamente las preguntas de la encuesta, una vez cada una',
  YESNO_OPTIONS_FIXED: 'Las preguntas de sí/no tienen las opciones fijas «Sí» y «No»',
  LAST_OPTION: 'Una pregunta debe conservar al menos una opción',
  LIMIT_REACHED: 'Se alcanzó el límite permitido',
  QA_CLOSED: 'Las preguntas del público no están abiertas en esta encuesta',
  QA_NOT_FOUND: 'Pregunta del público no encontrada',
  RATE_LIMITED: 'Demasiadas peticiones; espera un momento',
  QUESTION_CLOSED: 'Esta pregunta ya está cerrada',
  QUESTION_NOT_STARTED: 'Esta pregunta del concurso aún no ha empezado',
  NICKNAME_INVALID: 'Ese apodo no es válido',
  NICKNAME_TAKEN: 'Ese apodo ya lo usa otra persona. Elige otro',
  NICKNAME_REQUIRED: 'Elige un apodo antes de responder',
  PLAYER_NOT_FOUND: 'No hay ningún jugador con ese apodo en este concurso',
  ROUND_NOT_FOUND: 'Esta encuesta no tiene esa ronda',
  ROUND_BUSY: 'Siguen llegando votos: vuelve a pulsar «Nueva ronda» en un momento',
  INTERNAL_ERROR: 'Error interno del servidor',
  SERVICE_UNAVAILABLE:
    'El servicio no está disponible en este momento; inténtalo de nuevo en unos segundos',
};

/**
 * A refusal the client can act on. The HTTP layer maps `code` to a status in one table
 * (http/error-handler.ts); domain code never thinks in statuses.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = defaultMessages[code],
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
