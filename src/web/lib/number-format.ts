/** One decimal, Spanish style ('3,8'): a scale's average, on every screen and the server's. */
const oneDecimal = new Intl.NumberFormat('es-ES', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

export function formatAverage(value: number): string {
  return oneDecimal.format(value);
}
