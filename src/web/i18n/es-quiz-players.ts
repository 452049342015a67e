/**
 * The host's strings of a quiz played again and of its players (issues 24 and 25): their own
 * module, so the phone's quiz chunk (es-quiz.ts) does not carry them.
 */
export const esQuizPlayers = {
  resetHelp:
    'Empieza el concurso de nuevo con otro grupo: se borran los jugadores, sus puntos y sus respuestas, y cada pregunta vuelve a estar lista.',
  resetConfirmTitle: '¿Empezar el concurso de nuevo?',
  resetConfirmDescription:
    'Se eliminarán permanentemente los jugadores, sus puntos y todas las respuestas; los apodos quedarán libres y el concurso volverá a la primera pregunta. Esta acción no se puede deshacer.',
  resetConfirm: 'Borrar y empezar de nuevo',
  gameReset: 'Concurso reiniciado',
  reopenConfirmTitle: '¿Reabrir el concurso?',
  reopenConfirmDescription:
    'Reabrir el concurso empieza una partida nueva: se eliminarán permanentemente los jugadores, sus puntos y todas las respuestas. Esta acción no se puede deshacer.',
  reopenConfirm: 'Reabrir y empezar de nuevo',
  card: 'Jugadores',
  help: 'Cambia un apodo que no debería verse en el proyector, o quita a un jugador.',
  none: 'Todavía no se ha unido nadie.',
  loading: 'Cargando jugadores…',
  unavailable: 'No se pudo cargar la lista de jugadores.',
  count: (n: number) => `${n} ${n === 1 ? 'jugador' : 'jugadores'}`,
  more: (n: number) => `Y ${n} más.`,
  rename: (nickname: string) => `Cambiar el apodo de ${nickname}`,
  renameLabel: (nickname: string) => `Nuevo apodo para ${nickname}`,
  save: 'Guardar',
  cancel: 'Cancelar',
  renamed: 'Apodo cambiado',
  remove: (nickname: string) => `Quitar a ${nickname}`,
  removeConfirmTitle: (nickname: string) => `¿Quitar a ${nickname} del concurso?`,
  removeConfirmDescription:
    'Desaparecerá de la clasificación y del podio con sus puntos; su móvil le pedirá un apodo de nuevo.',
  removeConfirm: 'Quitar jugador',
  removed: 'Jugador quitado',
  failed: 'No se pudo guardar el cambio',
} as const;
