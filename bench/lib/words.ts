/** The n-th made-up word ('pala', 'palb', … 'palaa', …): distinct spellings to fill clouds. */
export function nthWord(n: number): string {
  let s = '';
  for (let v = n + 1; v > 0; v = Math.floor((v - 1) / 26)) {
    s = String.fromCharCode(97 + ((v - 1) % 26)) + s;
  }
  return `pal${s}`;
}
