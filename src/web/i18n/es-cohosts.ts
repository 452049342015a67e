/**
 * Issue 28, 'Compartir la gestión' (co-host links): its own module so it merges apart from
 * es.ts. Only the host panel and the screens a link opens import it.
 */
export const esCohosts = {
  open: 'Compartir la gestión',
  title: 'Compartir la gestión',
  description:
    'Crea un enlace para cada persona que te ayuda. Cada enlace solo permite una parte del trabajo y puedes revocarlo cuando quieras; el código de presentador sigue siendo solo tuyo.',
  scopeLegend: 'Qué podrá hacer',
  scopes: {
    moderate: {
      name: 'Moderar',
      can: 'Aprobar, ocultar, destacar y marcar como respondidas las preguntas del público; ocultar respuestas y palabras de las nubes.',
    },
    present: {
      name: 'Presentar',
      can: 'Abrir la vista de presentación y manejarla: pasar de pregunta, mostrar resultados y empezar o cerrar las preguntas de un concurso.',
    },
    results: {
      name: 'Ver resultados',
      can: 'Ver los resultados, también los privados, y descargarlos. Solo lectura.',
    },
  },
  cannot:
    'No puede editar preguntas ni la configuración, resetear votos, descartar votos, eliminar la encuesta ni crear otros enlaces.',
  label: 'Nombre del enlace',
  labelHint: 'Para reconocerlo en la lista, por ejemplo «Ana (moderación)».',
  create: 'Crear enlace',
  creating: 'Creando…',
  created: 'Enlace creado',
  createdHint: 'Cópialo y envíalo solo a esa persona: quien lo tenga podrá usarlo.',
  copy: 'Copiar enlace',
  copied: '¡Enlace copiado!',
  listTitle: 'Enlaces activos',
  none: 'Todavía no has compartido la gestión.',
  lastUsed: (when: string) => `Último uso: ${when}`,
  neverUsed: 'Sin usar todavía',
  createdAt: (when: string) => `Creado: ${when}`,
  revoke: 'Revocar',
  revokeLabel: (label: string) => `Revocar el enlace «${label}»`,
  revokeTitle: '¿Revocar este enlace?',
  revokeDescription: (label: string) =>
    `«${label}» dejará de funcionar en su próxima acción. No se puede deshacer: para volver a compartir, crea un enlace nuevo.`,
  revoked: 'Enlace revocado',
  activityTitle: 'Qué hizo cada enlace',
  activityNone: 'Los enlaces aún no han hecho cambios.',
  actions: {
    moderateQa: 'moderó una pregunta del público',
    moderateAnswer: 'moderó una respuesta',
    approveAnswers: 'aprobó respuestas retenidas',
    hideWord: 'ocultó o mostró una palabra de la nube',
    updatePoll: 'cambió la pregunta en pantalla',
    updateQuestion: 'mostró u ocultó resultados',
    closeQuestion: 'cerró una pregunta del concurso',
  } as Record<string, string>,
  otherAction: 'hizo un cambio',
  moderationTitle: 'Moderación',
  moderationDescription:
    'Entraste con un enlace de moderación: puedes aprobar, ocultar, destacar y marcar como respondidas. El resto de la encuesta lo gestiona quien la creó.',
  moderationNoText:
    'Esta encuesta no tiene preguntas del público ni preguntas abiertas que moderar por ahora.',
  wrongPlace: {
    present: 'Este enlace sirve para presentar.',
    results: 'Este enlace sirve para ver los resultados.',
    moderate: 'Este enlace sirve para moderar.',
  },
  goPresent: 'Ir a la presentación',
  goResults: 'Ir a los resultados',
  revokedTitle: 'Este enlace ya no es válido',
  revokedDescription:
    'Quien organiza la encuesta lo revocó, o la encuesta ya no existe. Pídele un enlace nuevo.',
  forget: 'Olvidar este enlace',
  scopeBadge: (name: string) => `Enlace: ${name}`,
} as const;
