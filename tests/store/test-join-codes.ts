/** For tests that create polls straight in a store: distinct join codes without the domain. */
let next = Math.floor(Math.random() * 500_000);

export function testJoinCode(): string {
  next = (next + 1) % 1_000_000;
  return String(next).padStart(6, '0');
}
