/**
 * The strings of the participant's 'Número' field: their own module, loaded with that field
 * (its own chunk), so a poll without numbers does not carry them. es.ts includes them.
 */
export const esNumber = {
  label: 'Tu respuesta',
  /** 'Entre 0 y 100 km'. */
  range: (min: string, max: string, unit: string | null) =>
    `Entre ${min} y ${max}${unit ? ` ${unit}` : ''}`,
  /** 'Escribe un número entre 0 y 100'. */
  outOfRange: (min: string, max: string) => `Escribe un número entre ${min} y ${max}`,
  wholeOnly: 'Escribe un número entero, sin decimales',
  tooManyDecimals: (decimals: number) =>
    decimals === 1
      ? 'Escribe un número con un decimal como máximo'
      : `Escribe un número con ${decimals} decimales como máximo`,
  notANumber: 'Escribe solo cifras, con coma para los decimales (3,5)',
  ambiguous: (typed: string, asThousands: string, asDecimal: string) =>
    `¿${typed} es ${asThousands} o ${asDecimal}? Escribe la coma para los decimales (3,5) y sin punto los miles`,
  placeholder: 'Escribe un número',
  // Results and projector.
  median: 'Mediana',
  mean: 'Media',
  min: 'Mínimo',
  max: 'Máximo',
  accepted: 'Respuesta aceptada',
  /** 'Correcta: 1.492 ± 5'. */
  correct: (value: string, tolerance: string) =>
    tolerance === '0' ? `Correcta: ${value}` : `Correcta: ${value} ± ${tolerance}`,
  bin: (from: string, to: string, count: number) =>
    `De ${from} a ${to}: ${count} ${count === 1 ? 'respuesta' : 'respuestas'}`,
  histogram: 'Histograma de las respuestas',
} as const;
