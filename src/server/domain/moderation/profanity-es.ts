/**
 * Spanish profanity and slurs that hide an open answer from every public screen until the host
 * shows it (issue 13). Source: written by hand for Sondeo from common usage in Spain and Latin
 * America, not copied from any published list; licence CC0 1.0 (public domain dedication).
 *
 * Only strong words: mild insults ('tonto', 'idiota') are left to the host, who can hide any
 * answer or word. Words that are vulgar in one country and everyday in another are left out
 * ('coger' to take, 'concha' shell, 'polla' hen, 'perra' female dog, 'zorra' vixen, 'pinche'
 * kitchen hand, 'cipote' child, 'boludo'/'huevón' as friendly address), and so are words with
 * an innocent everyday meaning ('gonorrea', 'HP', 'jodido' hard), since a false alarm hides a
 * good answer.
 *
 * Matched after folding (profanity.ts): case, accents, look-alike letters, digits for letters,
 * repeated letters, and letters split by dots, spaces or dashes, so each entry needs one
 * spelling. A plural in -s or -es is matched from its singular.
 */
export const PROFANITY_ES: readonly string[] = `
  puta puto putita putito putón putona putero putada putear hijoputa hijueputa
  hdp hdpm hdlgp ptm ctm ctmr csm
  mierda mierdero
  coño conyo joder jódete
  cabrón cabrona cabronazo
  gilipollas
  verga vergazo pendejo pendeja pendejada
  chingar chinga chingada chingado chingadera chingatumadre
  malparido malparida
  maricón marica mariconazo maricona bollera tortillera
  culero culera ojete mamón mamona mamahuevo chupapollas comemierda soplapollas
  follar follando follada
  puñeta puñetero puñetera
  pelotudo pelotuda
  subnormal mongólico mongolo
  sudaca negrata
`
  .trim()
  .split(/\s+/);
