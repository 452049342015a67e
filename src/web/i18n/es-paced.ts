/**
 * The strings of the presenter-paced form (features/vote/components/paced-vote.tsx): their own
 * module, loaded with that form (its own chunk), so the everyday vote page does not carry them.
 * es.ts includes them in `vote`.
 */
export const esPaced = {
  paceSubmit: 'Enviar respuesta',
  paceSentTitle: 'Respuesta enviada',
  paceSentDescription: 'La siguiente pregunta aparecerá aquí cuando el presentador avance.',
  paceWaitingTitle: 'Esperando al presentador',
  paceWaitingDescription: 'La pregunta aparecerá aquí cuando el presentador la muestre.',
} as const;
