/** 'Mis encuestas' on the home page (issue 17): the polls whose host code this browser holds. */
export const esMyPolls = {
  title: 'Mis encuestas',
  description: 'Las encuestas creadas en este navegador, con su código de presentador guardado.',
  loading: 'Cargando tus encuestas…',
  error: 'No se pudieron cargar tus encuestas.',
  retry: 'Reintentar',
  changed: (date: string) => `Último cambio: ${date}`,
  questions: (n: number) => `${n} ${n === 1 ? 'pregunta' : 'preguntas'}`,
  /** People who answered (distinct participants), not ballots. */
  participants: (n: number) => `${n} ${n === 1 ? 'participante' : 'participantes'}`,
  /** Issue 24: before each poll's 6-digit join code. */
  code: 'Código:',
  openPanel: 'Abrir panel',
  present: 'Presentar',
  results: 'Resultados',
  remove: 'Quitar de este dispositivo',
  removeFor: (title: string) => `Quitar «${title}» de este dispositivo`,
  removeTitle: '¿Quitar esta encuesta de este dispositivo?',
  removeDescription:
    'Este navegador olvidará el código de presentador. La encuesta no se borra: podrás volver a abrir su panel con el código si lo tienes guardado.',
  removeConfirm: 'Quitar',
  removed: 'Encuesta quitada de este dispositivo',
  missingTitle: 'Esta encuesta ya no existe',
  missingDescription: (slug: string) =>
    `La encuesta ${slug} se borró, o el código guardado ya no la abre. Puedes quitarla de la lista.`,
  actionsLabel: (title: string) => `Acciones de «${title}»`,
} as const;
