/**
 * The strings of the pages phones open (vote page, header, notices, API errors): their own module
 * so the vote page's script carries these and not the host panel's. es.ts includes them; the
 * participant code imports this module as `es`. Spec strings copied to the letter, as in es.ts.
 */
export const esCore = {
  brand: 'Sondeo',
  common: {
    loading: 'Cargando...',
    cancel: 'Cancelar',
    save: 'Guardar',
    delete: 'Eliminar',
    close: 'Cerrar',
    confirm: 'Confirmar',
    irreversible: 'Esta acción no se puede deshacer.',
    error: 'Error',
    notifications: 'Notificaciones',
    closeNotification: 'Cerrar notificación',
  },
  /** Document titles: '{page} — Sondeo' (lib/document-title.ts). */
  titles: {
    panel: (poll: string) => `${poll} · Panel`,
    results: (poll: string) => `${poll} · Resultados`,
    vote: (poll: string) => `${poll} · Votar`,
    notFound: 'Página no encontrada',
    accessRequired: 'Acceso requerido',
  },
  nav: {
    home: 'Inicio',
    panel: 'Panel',
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
    allAnswered: '¡Todo listo! Ya puedes enviar tus respuestas.',
    chooseOne: 'Elige una opción',
    chooseMany: 'Elige una o más opciones',
    submit: 'Enviar respuestas',
    submitting: 'Enviando...',
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
    paceSubmit: 'Enviar respuesta',
    paceSentTitle: 'Respuesta enviada',
    paceSentDescription: 'La siguiente pregunta aparecerá aquí cuando el presentador avance.',
    paceWaitingTitle: 'Esperando al presentador',
    paceWaitingDescription: 'La pregunta aparecerá aquí cuando el presentador la muestre.',
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
