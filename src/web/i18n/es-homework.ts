/** Homework ('Tarea', issue 27): the panel's fields and progress, the phone's deadline. */
export const esHomework = {
  speedPointsLabel: 'Puntos por rapidez',
  speedPointsHelp:
    'En una tarea de concurso, una respuesta correcta más rápida suma más puntos. Desactivado: cada acierto vale lo mismo.',
  title: 'Tarea',
  help: 'Con apertura o cierre, la encuesta se responde sin presentador; un concurso se juega a su ritmo, cada persona con su propio reloj, y la clasificación aparece al cierre.',
  opensAtLabel: 'Abre el',
  closesAtLabel: 'Cierra el',
  save: 'Guardar fechas',
  clear: 'Quitar fechas',
  saved: 'Fechas de la tarea guardadas',
  clearConfirmTitle: '¿Quitar las fechas de la tarea?',
  clearConfirmDescription:
    'La encuesta dejará de abrirse y cerrarse sola, y un concurso volverá a ir al ritmo del presentador.',
  clearConfirm: 'Quitar fechas',
  progressTitle: 'Progreso de la tarea',
  finished: (n: number, of: number) => `${n} de ${of} han terminado`,
  average: (score: string) => `Puntuación media hasta ahora: ${score}`,
  noAverage: 'Aún nadie ha respondido',
  playerRow: (answered: number, questions: number) => `${answered} de ${questions} respondidas`,
  done: 'Terminado',
  moreTime: 'Más tiempo',
  moreTimeHelp: (nickname: string) => `Dar el doble de tiempo a ${nickname}`,
  moreTimeOn: (nickname: string) => `${nickname} tiene el doble de tiempo`,
  moreTimeOff: (nickname: string) => `${nickname} vuelve al tiempo normal`,
} as const;
