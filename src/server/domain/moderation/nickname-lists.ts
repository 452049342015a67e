/**
 * What a nickname may not be, on top of the open answers' filter (issue 25): it is shown on the
 * projector beside a score, so a name is refused for what an answer would only be held for.
 * Written by hand for Sondeo, CC0 1.0 like profanity-es.ts; matched by the word matcher
 * (fold.ts), so each entry needs one spelling and plurals come alone.
 *
 * Words that are fine in an answer ('Hitler' in a history class) are refused only as a name.
 * Left out as they fold like Spanish names or words: 'kike' (Kike, Quique), 'paki' (Paqui),
 * 'fagot' (a bassoon), 'coon' (con), 'jap' (gap), 'go die' (Jodie, once j is g), 'dick' (a
 * name), 'ho' and 'hoe' (Chinese and Vietnamese names), 'mong' (a surname), 'tits' (birds),
 * 'thot' (Tot, Tóth), 'spaz' (Spas, a Bulgarian name), 'dyke' (Dike, once y is i and k is c).
 * Lemmas carry inflect.ts classes (g: genders and sizes); the rest are matched as listed.
 */
const list = (text: string): readonly string[] =>
  text
    .split(/[,\n]/)
    .map((w) => w.trim())
    .filter(Boolean);

/** Slurs in English and Spanish, sexual violence, hate names and slogans, terrorism, and
 *  incitement to self-harm. Shown beside a score, a name praises what it says: 'Violador' and
 *  'Terrorista' are words of a news answer, not names. Given names are not refused for what
 *  else they mean: 'Isis' (a goddess, a given name), 'Adolfo', 'Franco', 'Aryan' (a common
 *  Indian name: its slogans are), 'Jihad' (an Arabic name), 'Dick', 'Fanny', 'Willy'; nor bare
 *  acronyms that are other words ('ETA' an arrival time: its slogans are), nor 'Stalin' and
 *  'Lenin', given names in Latin America. 'SS' is refused
 *  standing alone: initials have another letter to add, the projector reads the Nazi corps. */
export const NICKNAME_WORDS: readonly string[] = list(`
  nigger, nigga, niggah, niglet, nig nog, jigaboo, porch monkey, jungle bunny, golliwog
  faggot, fag, tranny, shemale, retard, retarded, spastic, mongoloid
  spic, chink, gook, zipperhead, wetback, beaner, raghead, towelhead, sand monkey, camel jockey
  pikey, cunt, twat, whore, slut, skank, bitch, son of a bitch, motherfucker, fucker, fuck
  fuck you, fuck off, fucking, fucked, fuckface, pussy, asshole, arsehole, dickhead, cocksucker
  cock, wanker, bellend, knobhead, shit, shithead, bullshit, piece of shit, dumbass, jackass
  bastard, dildo, blowjob, handjob, milf, porn, porno, pornstar
  rape, rapist, raped, molester, child molester, paedophile, pedophile, paedo, nonce, pedobear
  violador:g, violar, violación, violaciones, pedófilo:g, pederasta, pedofilia, incesto
  abusador:g, pornografía infantil
  retrasado:g, sidoso:g, machorra, moraco:g, travelo, mariposón
  terrorista, terrorismo, yihadista, daesh, estado islámico, islamic state, al qaeda, alqaeda
  bin laden, osama bin laden, gora eta, viva eta, genocida, genocidio, holocausto, holocaust
  auschwitz
  zyklon, zyklon b, cámara de gas, gas chamber, solución final, final solution
  hitler, adolf hitler, heil hitler, sieg heil, seig heil, heil, nazi, neonazi, nazismo, ss
  führer, fuehrer, himmler, goebbels, mengele, eichmann, heydrich, göring, goering
  mussolini, il duce, pol pot, tercer reich, third reich, cuarto reich, fourth reich
  arbeit macht frei, totenkopf
  white power, white pride, poder blanco, orgullo blanco, supremacía blanca, white supremacy
  blood and honour, blood and honor, sangre y honor, raza aria, aryan nation, aryan brotherhood
  aryan pride, aryan power, kkk, ku klux klan, gas the jews, fourteen words
  muerte a los judíos, muerte a los negros, muerte a los moros, ss88, hh88
  kill yourself, kill urself, kill ur self, kys, neck yourself, hang yourself, go kill yourself
  slit your wrists, drink bleach, die in a fire, unalive yourself, end yourself
  suicídate, suicidaos, mátate, ahórcate, muérete, córtate, pro ana, pro mia, thinspo
`);

/**
 * Given names of other languages that fold like a Spanish insult by sound ('Marika', a Japanese
 * and Hungarian name, reads 'marica' once k is c): taken as typed, the whole nickname and
 * nothing else, so 'Mar1ka' or 'Marika puta' are still read by the lists.
 */
export const NAMES_LIKE_INSULTS: readonly string[] = list(`
  marika, mariko
`);

/** Caught even glued inside a longer name ('xXniggerXx', 'ElHitlerDeClase'). */
export const NICKNAME_GLUED: readonly string[] = list(`
  nigger, nigga, faggot, hitler, heil hitler, sieg heil, white power, killyourself, suicidate
  ku klux klan, motherfucker, violador, pedofilo, pederasta, terrorista, mengele, himmler
`);

/** Symbols of hate that no folding makes into letters: swastikas (CJK 卐 卍, Tibetan), the
 *  doubled sig rune and bolts of the SS. */
export const HATE_SYMBOLS =
  /[\u5350\u534d\u0fd5-\u0fd8\u2720]|(?:\u16cb\s*){2}|(?:\u03df\s*){2}|(?:\u26a1\ufe0f?\s*){2}/u;

/** Numbers of neo-Nazi code: 88 (HH), 1488, 14/88, 18 beside them, alone or around letters. */
export const HATE_NUMBERS =
  /(?:^|\D)(?:14\W*88|88\W*14|18\W*88)(?:\D|$)|^\W*88\W*$|(?:^|[^a-z])(?:hh|ss|ww)\W*88(?:\D|$)/iu;
