/**
 * The 'Integridad' card's strings for banked ids and discarding every unusual source at once
 * (issue 19): their own module, beside es.ts's `integrity`, so the host panel's merges stay
 * apart. Host-only: the phone page never loads them.
 */
export const esIntegrity = {
  /** Part of a flagged source's reason, after "312 votos desde un mismo origen en 40 s". */
  bulkIssued: (n: number) =>
    `${n} de ellos con identificadores obtenidos en bloque (muchos en el mismo segundo)`,
  /** Part of a quiz source's reason (issue 25): players answering in the room's first burst of
   *  a question, before anyone could read it (domain/integrity-quiz.ts). */
  quizBots: (n: number) =>
    `${n} ${n === 1 ? 'respuesta' : 'respuestas'} del concurso en la primera ráfaga de la pregunta (a menos de 0,3 s de la respuesta más rápida), repartidas por igual entre las opciones (jugadores automáticos)`,
  discardUnusual: (sources: number) =>
    `Descartar ${sources === 1 ? 'el origen inusual' : `los ${sources} orígenes inusuales`}`,
  discardUnusualTitle: '¿Descartar los votos de todos los orígenes inusuales?',
  discardUnusualDescription: (sources: number, ballots: number) =>
    `Se apartarán los votos de ${sources === 1 ? 'el origen marcado' : `los ${sources} orígenes marcados`} como inusuales (${ballots} ${ballots === 1 ? 'voto' : 'votos'} en la última revisión, más los que hayan llegado desde entonces). Podrás recuperarlos con 'Restaurar' hasta que vacíes los descartados.`,
  discardUnusualConfirm: 'Descartar votos inusuales',
  discardedUnusual: (ballots: number, sources: number) =>
    `Se ${ballots === 1 ? 'descartó' : 'descartaron'} ${ballots} ${ballots === 1 ? 'voto' : 'votos'} de ${sources} ${sources === 1 ? 'origen' : 'orígenes'}`,
  /** Issue 24: discarded ballots are set aside until restored or emptied. */
  setAside: (n: number) =>
    `${n} ${n === 1 ? 'voto descartado apartado' : 'votos descartados apartados'}: no cuentan en los resultados hasta que los restaures.`,
  restore: 'Restaurar',
  restored: (n: number) => `${n === 1 ? 'Se restauró 1 voto' : `Se restauraron ${n} votos`}`,
  empty: 'Vaciar',
  emptyTitle: '¿Vaciar los votos descartados?',
  emptyDescription: (n: number) =>
    `Se eliminarán permanentemente ${n === 1 ? 'el voto descartado' : `los ${n} votos descartados`}. Ya no se podrán restaurar.`,
  emptyConfirm: 'Vaciar descartados',
  emptied: (n: number) =>
    `${n === 1 ? 'Se eliminó 1 voto descartado' : `Se eliminaron ${n} votos descartados`}`,
} as const;
