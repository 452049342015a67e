/**
 * A number as Spanish writes it, through Intl es-ES: ',' before the decimals and '.' between
 * thousands from 1.000 on (es-ES alone leaves four digits ungrouped: 'always' groups them, as
 * the contract's exports do). Formatters are cached: a histogram formats dozens of labels.
 */
const formatters = new Map<number, Intl.NumberFormat>();

export function formatNumber(value: number, decimals = 3): string {
  let format = formatters.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('es-ES', {
      maximumFractionDigits: decimals,
      useGrouping: 'always',
    });
    formatters.set(decimals, format);
  }
  return format.format(value);
}
