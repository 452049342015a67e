/**
 * Spanish profanity and slurs that hide an open answer from every public screen until the host
 * shows it (issues 13, 17, 19). Source: written by hand for Sondeo from common usage in Spain and
 * Latin America, not copied from any published list; licence CC0 1.0 (public domain dedication).
 *
 * Only strong words: mild insults ('tonto', 'idiota') are left to the host, who can hide any
 * answer or word, or block words of their own for a poll. Words that are vulgar in one country
 * and everyday in another are left out alone ('coger' to take, 'concha' shell, 'polla' hen,
 * 'perra' female dog, 'zorra' vixen, 'pinche' kitchen hand, 'cipote' child, 'boludo'/'huevón'
 * as friendly address) and caught only in the phrases that make them insults ('hijo de perra',
 * 'concha de tu madre'); so are words with an innocent everyday meaning ('gonorrea', 'HP').
 * 'Jodido' is in (issue 17): in a classroom answer it is the vulgar word, not "hard".
 *
 * Matched after folding (fold.ts, matcher.ts): case, accents, look-alike letters, digits and
 * symbols for letters, masks, sound-alike spellings, repeated and inserted letters, and letters
 * split by dots, spaces or dashes, so each entry needs one spelling. A plural in -s or -es is
 * matched from its singular.
 */
const list = (text: string): readonly string[] =>
  text
    .split(/[,\n]/)
    .map((w) => w.trim())
    .filter(Boolean);

/** Whole words; phrases are written with spaces and match typed together or apart. */
export const PROFANITY_ES: readonly string[] = list(`
  puta, puto, putita, putito, putón, putona, putero, putera, putada, putear, putañero
  hijoputa, hijueputa, hijo de puta, hijo de perra, hija de perra, hijo de zorra
  hdp, hdpm, hdlgp, ptm, ctm, ctmr, csm
  mierda, mierdero, mierdoso, comemierda, me cago en
  coño, conyo, joder, jódete, jodete, jodas, jodan, jodes, jodón, jodienda
  cabrón, cabrona, cabronazo, gilipollas, gilipollez, verga, vergazo, vergota
  jodido, jodida, chingado, chingada, pendejada, malparidos
  pendejo, pendeja, chingar, chinga, chingas, chingue, chingatumadre
  malparido, malparida, maricón, marica, maricona, tortillera
  culero, culera, ojete, mamón, mamona, mamahuevo, mamaguevo, chupapollas, soplapollas
  chupapija, chupapijas, lameculos, tomar por culo, dar por culo, den por culo
  pajero, pajera, pajillero
  follar, follando, follada, follado, follen, folla, follamos, follaron
  puñeta, puñetero, puñetera, pelotudo, pelotuda, cojones, cojudo, cojuda
  subnormal, mongólico, mongólica, mongolo, sudaca, negrata
  me la suda, me la pela, me la sopla, me la chupas, chúpamela, cómemela
  concha de tu madre, conchatumadre, concha tu madre
  suicídate, suicídense, mátate, mátense, ahórcate, ahórquense
  muérete, muéranse, pégate un tiro, tírate por un puente, tírate de un puente
  córtate las venas, ojalá te mueras, vete a morir
`);

/**
 * Insults by their dictionary form (issue 24): every form a class types is built from each by
 * inflect.ts (g: both genders, diminutives, augmentatives; n: the word alone; v: a verb's forms).
 */
export const PROFANITY_LEMMAS_ES: readonly string[] = list(`
  puto:g, cabrón:g, pendejo:g, malparido:g, maricón:g, culero:g, mamón:g, pajero:g, puñetero:g
  pelotudo:g, cojudo:g, jodido:g, chingado:g, hijoputa:g, mongólico:g, mongolo:n, mierdoso:g
  gilipollas:n, subnormal:n, sudaca:n, negrata:n, tortillera:n, bollera:n, marica:g, joto:n
  travelo:n, mariposón:n, comemierda:n, soplapollas:n, chupapollas:n, lameculos:n, coño:n
  joder:v, follar:v, chingar:v, putear:v
`);

/** Beginnings of words whose every continuation is the insult ('gilipollez', 'jodidos'). */
export const PROFANITY_STEMS_ES: readonly string[] = list(`
  gilipoll, cabron, mierd, pendej, chingad, chingon, malparid, maricon, pelotud, jodid, putead
  hijoput, hijueput, comemierd, soplapoll, chupapoll, mamahuev, putañer, puñeter, mariconaz
`);

/** Words caught even glued inside a longer word that is not Spanish ('tuputamadre'). Since
 *  issue 24 the matcher reads every strong word glued, when the rest of the word reads as a
 *  sentence around it (glue-es.ts); this list stays as the test of glued forms. */
export const PROFANITY_GLUED_ES: readonly string[] = list(`
  puta, puto, mierda, cabron, gilipoll, pendej, maricon, coño, joder, jodid, chingad, verga
  hijoputa, malparid, pelotud, subnormal, sudaca, negrata, cojones, mamon, puñeta
  follar, soplapollas, chupapollas
  hijo de puta, me la suda, me la pela, me la sopla, me cago en, concha de tu madre
`);
