/**
 * The host panel's strings from issue 17 (a poll run again, the skip link): their own module so
 * they merge apart from es.ts. Only the panel imports them; the phone page never does.
 */
export const esPanel = {
  reopenPoll: 'Reabrir encuesta',
  pollReopened: 'Encuesta reabierta',
  /** The old code went to another poll while this one was closed. */
  newJoinCode: (code: string) => `El código anterior estaba en uso; el nuevo es ${code}.`,
  reopenHelp:
    'Para pasarla a otro grupo, resetea los votos y reábrela: cada participante podrá votar de nuevo.',
  resetHelp:
    'Borra los votos para repetir la encuesta con otro grupo: cada participante podrá votar de nuevo.',
  resetOpenConfirmDescription:
    'La encuesta sigue abierta: se eliminarán permanentemente todos sus votos y cada participante podrá votar de nuevo. Esta acción no se puede deshacer.',
  skipLinksLabel: 'Atajos del panel',
  skipToQuestions: 'Saltar a las preguntas',
  skipToNewQuestion: 'Saltar a «Nueva pregunta»',
} as const;
