/**
 * The strings of the vote page (its screens, header, notices, API errors): their own module so
 * the vote page's script carries these and not the host panel's. es.ts includes them, adding to
 * common, titles and vote what the other screens say; the presenter-paced form's are in
 * es-paced.ts. The participant code imports this module as `es`. Spec strings copied to the
 * letter, as in es.ts.
 */
export const esCore = {
  brand: 'Sondeo',
  common: {
    loading: 'Cargando...',
    /** The toaster's (components/app-toaster.tsx, loaded with a phone's first toast). */
    notifications: 'Notificaciones',
    closeNotification: 'Cerrar notificación',
  },
  /** Document titles: '{page} — Sondeo' (lib/document-title.ts). */
  titles: {
    vote: (poll: string) => `${poll} · Votar`,
  },
  nav: {
    home: 'Inicio',
    panel: 'Panel',
    myPolls: 'Mis encuestas',
    results: 'Resultados',
    mainLabel: 'Navegación principal',
  },
  vote: {
    pollNotFound: 'Encuesta no encontrada',
    pollNotFoundDescription: 'Revisa el enlace o el código QR.',
    thanksTitle: '¡Gracias por participar!',
    thanksDescription: 'Tu voto se registró correctamente.',
    closedTitle: 'Encuesta finalizada',
    closedDescription: 'Esta encuesta ya no acepta votos.',
    draftTitle: 'Encuesta no disponible',
    draftDescription: 'La encuesta todavía no está abierta. Vuelve a intentarlo en unos momentos.',
    noQuestions: 'Sin preguntas',
    noQuestionsDescription: 'Esta encuesta todavía no tiene preguntas.',
    progress: (answered: number, total: number) => `${answered} de ${total} respondidas`,
    chooseOne: 'Elige una opción',
    chooseMany: 'Elige una o más opciones',
    submit: 'Enviar respuestas',
    /** Issue 17: which questions stop 'Enviar respuestas' (positions as numbered on the page);
     *  past three, the count and the first. */
    missing: (positions: readonly number[]) =>
      positions.length === 1
        ? `Te falta la pregunta ${positions[0]}`
        : positions.length > 3
          ? `Te faltan ${positions.length} preguntas, desde la ${positions[0]}`
          : `Te faltan ${positions.length} preguntas: ${positions.slice(0, -1).join(', ')} y ${positions.at(-1)}`,
    submitting: 'Enviando...',
    /** Issue 24: the phone is offline; the ballot waits and goes when the network is back. */
    offlineQueued: 'Sin conexión: se enviará al volver',
    sent: '¡Voto enviado!',
    sentDescription: (n: number) =>
      `Se ${n === 1 ? 'registró' : 'registraron'} ${n} ${n === 1 ? 'respuesta' : 'respuestas'}`,
    error: 'Error al votar',
    rateLimited: (seconds: number) =>
      `Mucha gente está votando a la vez desde tu red. Tu voto se enviará solo en ${seconds} ${
        seconds === 1 ? 'segundo' : 'segundos'
      }; no cierres esta página.`,
    viewResults: 'Ver resultados',
    retry: 'Reintentar',
    /** Reopened after answering part of the poll: only the rest is asked. */
    partlyAnswered: (n: number) =>
      `Ya respondiste ${n} ${n === 1 ? 'pregunta' : 'preguntas'}; quedan estas.`,
  },
  api: {
    httpError: (status: number) => `Error ${status}`,
    network: 'Error de conexión',
    noSecret: 'Host secret requerido',
    unknown: 'Error desconocido',
  },
} as const;
