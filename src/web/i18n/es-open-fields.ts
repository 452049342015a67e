/**
 * The strings of the participant's open-text and scale fields: their own module, loaded with
 * those fields (their own chunk), so a poll of choices alone does not carry them. es.ts
 * includes them.
 */
export const esOpenFields = {
  textHint: 'Escribe tu respuesta',
  textTooShort: 'Escribe al menos 2 caracteres',
  counter: (n: number, max: number) => `${n}/${max} caracteres`,
  scaleHint: (max: number) => `Elige un valor del 1 al ${max}`,
} as const;
