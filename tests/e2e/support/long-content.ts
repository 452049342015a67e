/** Real classroom content at the contract's maxima, for the projector's fit tests. */

export const HD = { width: 1280, height: 720 };

/** Real prose cut to `length` characters (the contract's maxima: 240 and 120). */
export function prose(seed: string, length: number): string {
  const words =
    `${seed} la fotosíntesis transforma la energía de la luz en energía química que las plantas guardan en azúcares mientras liberan oxígeno al aire que respiramos cada día `.repeat(
      4,
    );
  return `${words.slice(0, length - 1).trimEnd()}?`.padEnd(length, 'x');
}

export const LONG_QUESTION = `¿${prose('En clase vimos que', 239)}`;
export const longOptions = (n: number) =>
  Array.from({ length: n }, (_, i) => prose(`Opción ${i + 1}:`, 120));
