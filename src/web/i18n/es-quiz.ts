/**
 * The strings of 'Concurso' (issue 18): the host's switch and fields, the phone's game (its own
 * lazy chunk, so the everyday vote page does not carry them) and the projector's screens.
 */
const points = (n: number) => `${n.toLocaleString('es-ES')} ${n === 1 ? 'punto' : 'puntos'}`;
const rank = (place: number, players: number) => `${place}.º de ${players}`;

export const esQuiz = {
  host: {
    quizLabel: 'Concurso',
    quizHelp: 'Respuestas correctas, tiempo por pregunta, puntos y clasificación.',
    correct: 'Correcta',
    markCorrect: (option: string) => `Respuesta correcta: ${option}`,
    correctHint: {
      single: 'Marca la respuesta correcta; sin ninguna, la pregunta no puntúa.',
      yesno: 'Marca la respuesta correcta; sin ninguna, la pregunta no puntúa.',
      multiple: 'Marca una o varias respuestas correctas; sin ninguna, la pregunta no puntúa.',
    },
    noScoreHint: 'En el concurso, esta pregunta no puntúa.',
    time: 'Tiempo',
    timeOf: (question: string) => `Tiempo para responder: ${question}`,
    noLimit: 'Sin límite',
    seconds: (n: number) => `${n} s`,
    yes: 'Sí',
    no: 'No',
    correctSaved: 'Respuesta correcta guardada',
    timeSaved: 'Tiempo guardado',
  },
  phone: {
    nicknameTitle: 'Tu apodo',
    nicknameHelp: 'De 2 a 24 caracteres. Así aparecerás en la clasificación.',
    nicknameTooShort: 'El apodo debe tener entre 2 y 24 caracteres',
    nicknameSubmit: 'Entrar al concurso',
    nicknameSaving: 'Entrando…',
    playingAs: (nickname: string) => `Juegas como ${nickname}`,
    waitingTitle: 'Preparados',
    waitingDescription: 'La pregunta aparecerá aquí cuando el presentador la muestre.',
    questionOf: (n: number, total: number) => `Pregunta ${n} de ${total}`,
    timeLeft: 'Tiempo restante',
    secondsLeft: (n: number) => `Quedan ${n} segundos`,
    noLimit: 'Sin límite de tiempo',
    chooseAll: 'Elige todas las correctas y envía',
    submit: 'Enviar respuesta',
    submitting: 'Enviando…',
    answer: (letter: string, text: string) => `${letter}: ${text}`,
    sentTitle: 'Respuesta enviada',
    sentDescription: 'Espera a que se acabe el tiempo para ver si acertaste.',
    timeUpTitle: 'Se acabó el tiempo',
    timeUpDescription: 'Espera al resultado de esta pregunta.',
    closedBeforeAnswer: 'Esta pregunta ya está cerrada',
    correct: '¡Correcto!',
    incorrect: 'Incorrecto',
    noAnswer: 'Sin respuesta',
    unscored: 'Esta pregunta no puntúa',
    plus: (n: number) => `+${n.toLocaleString('es-ES')}`,
    correctAnswerIs: (answers: string) => `Respuesta correcta: ${answers}`,
    /** Issue 27: the question's 'Explicación', after the close. */
    explanation: 'Explicación',
    correctAnswersAre: (answers: string) => `Respuestas correctas: ${answers}`,
    total: 'Puntuación',
    place: 'Posición',
    points,
    rank,
    finalTitle: 'Resultado final',
    finalDescription: 'Gracias por jugar.',
    overTitle: 'El concurso ha terminado',
    overDescription: 'Ya no se puede entrar en este concurso.',
    error: 'No se pudo enviar la respuesta',
    textPlaceholder: 'Escribe tu respuesta',
    textLabel: 'Tu respuesta',
    scaleValue: (n: number, max: number) => `${n} de ${max}`,
  },
  stage: {
    answers: (n: number) => `${n} ${n === 1 ? 'respuesta' : 'respuestas'}`,
    answersOf: (n: number, players: number) =>
      `${n} de ${players} ${players === 1 ? 'respuesta' : 'respuestas'}`,
    timeLeft: 'Tiempo restante',
    /** Past the limit, waiting for players with 'Más tiempo' (issue 27). */
    extraTime: 'Tiempo extra',
    noLimit: 'Sin límite',
    waitingClock: 'Empezando…',
    correct: 'Correcta',
    unscored: 'Sin respuesta correcta: no puntúa',
    /** 'Ordenar': how many put the option in its right place. */
    inPlace: (n: number, percent: number) =>
      `${n} ${n === 1 ? 'acertó' : 'acertaron'} el puesto · ${percent}%`,
    /** 'Número': the value that scores in full and its margin. */
    correctValue: (value: string, margin: string | null) =>
      `Respuesta correcta: ${value}${margin ? ` (± ${margin})` : ''}`,
    leaderboard: 'Clasificación',
    podium: 'Podio',
    noPlayers: 'Todavía no hay jugadores',
    points,
    rank,
    place: (n: number) => `${n}.º`,
    movedUp: (n: number) => `subió ${n} ${n === 1 ? 'puesto' : 'puestos'}`,
    movedDown: (n: number) => `bajó ${n} ${n === 1 ? 'puesto' : 'puestos'}`,
    newEntry: 'nuevo',
    nextHint: 'Pulsa → para continuar',
    closeError: 'No se pudo cerrar la pregunta',
    announceResults: (question: string, correct: string, answers: number) =>
      `Resultados: ${question}. ${correct ? `Correcta: ${correct}. ` : ''}${answers} ${answers === 1 ? 'respuesta' : 'respuestas'}.`,
    announceLeaderboard: (rows: string) => `Clasificación. ${rows}`,
    announcePodium: (rows: string) => `Podio. ${rows}`,
    announceRow: (place: number, nickname: string, score: number) =>
      `${place}.º ${nickname}, ${points(score)}`,
  },
} as const;
