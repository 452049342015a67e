/**
 * Issue 27: rounds ('Nueva ronda', 'Comparar', 'Borrar rondas'). Their own module: only the
 * panel, the results page and the projector import them; the phone page never does.
 */
export const esRounds = {
  card: 'Rondas',
  current: (n: number) => `Ronda actual: ${n}`,
  help: 'Haz la misma pregunta antes y después de un debate: «Nueva ronda» guarda los resultados de esta ronda y cada participante responde de nuevo.',
  newRound: 'Nueva ronda',
  newRoundConfirmTitle: '¿Empezar una nueva ronda?',
  newRoundConfirmDescription: (n: number) =>
    `Los resultados de la ronda ${n} se guardarán para compararlos y los votos empezarán de cero: cada participante podrá responder otra vez a las mismas preguntas.`,
  newRoundConfirm: 'Empezar ronda',
  started: (n: number) => `Ronda ${n} en marcha`,
  startedDescription: 'Los teléfonos ya pueden responder de nuevo.',
  archived: (n: number) => (n === 1 ? '1 ronda guardada' : `${n} rondas guardadas`),
  roundLine: (round: number, ballots: number) =>
    `Ronda ${round}: ${ballots === 1 ? '1 voto' : `${ballots} votos`}`,
  deleteRounds: 'Borrar rondas',
  deleteConfirmTitle: '¿Borrar las rondas guardadas?',
  deleteConfirmDescription:
    'Se borrarán los resultados de las rondas anteriores. Los votos de la ronda actual se quedan. Podrás deshacerlo hasta que empieces otra ronda.',
  deleteConfirm: 'Borrar rondas',
  deleted: (n: number) => (n === 1 ? '1 ronda borrada' : `${n} rondas borradas`),
  undo: 'Deshacer',
  restored: 'Rondas recuperadas',
  restorable: (n: number) =>
    n === 1 ? '1 ronda borrada se puede recuperar.' : `${n} rondas borradas se pueden recuperar.`,
  restore: 'Recuperar rondas',
  // ── Results page and projector ──
  pickerLabel: 'Ronda',
  roundName: (n: number) => `Ronda ${n}`,
  currentName: (n: number) => `Ronda ${n} (actual)`,
  compare: 'Comparar',
  compareTitle: (a: number, b: number) => `Ronda ${a} frente a ronda ${b}`,
  firstRound: 'Primera ronda',
  lastRound: 'Última ronda',
  showRounds: 'Rondas',
  close: 'Cerrar',
  points: (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n)} pts`,
  change: (n: number) =>
    `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n).toLocaleString('es-ES', { maximumFractionDigits: 2 })}`,
  percent: (n: number | null) => (n === null ? '—' : `${n} %`),
  average: (n: number | null) =>
    n === null ? '—' : n.toLocaleString('es-ES', { maximumFractionDigits: 2 }),
  averageLabel: 'Media',
  changeLabel: 'Cambio',
  correctLabel: 'Aciertos',
  noAnswers: 'Sin respuestas',
  hidden: 'Resultados ocultos',
  notInRound: 'No estaba en esta ronda',
  wordsLabel: (n: number) => `Palabras más frecuentes, ronda ${n}`,
  answersCount: (n: number) => (n === 1 ? '1 respuesta' : `${n} respuestas`),
  // A quiz's round: its own standings and podium (players start again each round).
  standingsTitle: (n: number) => `Clasificación · Ronda ${n}`,
  podiumTitle: (n: number) => `Podio · Ronda ${n}`,
  podiumsTitle: 'Podios',
  medals: { 1: 'Oro', 2: 'Plata', 3: 'Bronce' },
  votes: (n: number) => (n === 1 ? '1 voto' : `${n} votos`),
  optionChange: (
    text: string,
    a: number,
    before: string,
    b: number,
    after: string,
    change: string,
  ) => `${text}: ronda ${a}, ${before}; ronda ${b}, ${after}; cambio ${change}`,
} as const;
