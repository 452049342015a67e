/**
 * Issue 24, 'Eliminar encuesta' (a school erasing its data): its own module so it merges apart
 * from es.ts. Only the host panel imports it; the phone page never does.
 */
export const esErase = {
  deletePoll: 'Eliminar encuesta',
  deletePollHelp:
    'Borra la encuesta con sus votos, respuestas, jugadores y preguntas del público, también del servidor.',
  deletePollConfirmTitle: '¿Eliminar la encuesta?',
  deletePollConfirmDescription: (title: string) =>
    `Se borrarán para siempre «${title}», sus preguntas, votos, respuestas abiertas, jugadores y preguntas del público. Sus enlaces dejarán de funcionar. Esta acción no se puede deshacer.`,
  pollDeleted: 'Encuesta eliminada',
  pollDeletedDescription: (title: string) => `«${title}» y sus datos se han borrado.`,
} as const;
