/**
 * The strings of the host's 'Palabras bloqueadas' card (issue 17,
 * features/moderation/components/blocked-words-card.tsx): a module of their own, so they stay
 * out of es.ts and of the phone page.
 */
export const esBlockedWords = {
  title: 'Palabras bloqueadas',
  help: 'Las respuestas abiertas y las preguntas del público que contengan una de estas palabras (también con mayúsculas, sin tildes, en plural o disfrazada) quedan ocultas hasta que las muestres, como las del filtro.',
  inputLabel: 'Palabra o frase que bloquear',
  placeholder: 'Escribe una palabra',
  add: 'Añadir',
  empty: 'No has bloqueado ninguna palabra.',
  remove: (word: string) => `Quitar «${word}»`,
  apply: 'Aplicar a las respuestas existentes',
  applied: (n: number) =>
    n === 0
      ? 'Ninguna respuesta existente contiene esas palabras'
      : n === 1
        ? 'Se ocultó 1 respuesta existente'
        : `Se ocultaron ${n} respuestas existentes`,
  failed: 'No se pudieron guardar las palabras bloqueadas',
} as const;
