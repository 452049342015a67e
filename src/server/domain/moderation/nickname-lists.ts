/**
 * What a nickname may not be, on top of the open answers' filter (issue 25): it is shown on the
 * projector beside a score, so a name is refused for what an answer would only be held for.
 * Written by hand for Sondeo, CC0 1.0 like profanity-es.ts; matched by the word matcher
 * (fold.ts), so each entry needs one spelling and plurals come alone.
 *
 * Words that are fine in an answer ('Hitler' in a history class) are refused only as a name.
 * Left out as they fold like Spanish names or words: 'kike' (Kike, Quique), 'paki' (Paqui),
 * 'fagot' (a bassoon), 'coon' (con).
 */
const list = (text: string): readonly string[] =>
  text
    .split(/[,\n]/)
    .map((w) => w.trim())
    .filter(Boolean);

/** Slurs in English and Spanish, and hate names and slogans. */
export const NICKNAME_WORDS: readonly string[] = list(`
  nigger, nigga, niggah, faggot, fag, tranny, retard, retarded, spic, chink, gook, wetback
  beaner, raghead, towelhead, cunt, whore, slut, bitch, motherfucker, fucker, fuck
  pussy, asshole, dickhead
  retrasado, retrasada, sidoso, sidosa, machorra, moraco, moraca, travelo, mariposón
  hitler, adolf hitler, heil hitler, sieg heil, heil, nazi, neonazi, white power, kkk, ku klux klan
  gas the jews, white pride, aryan, ario, ss88, hh88
  kill yourself, kill urself, kill ur self, kys, go die, neck yourself, hang yourself
  slit your wrists, drink bleach
`);

/** Caught even glued inside a longer name ('xXniggerXx', 'ElHitlerDeClase'). */
export const NICKNAME_GLUED: readonly string[] = list(`
  nigger, nigga, faggot, hitler, heil hitler, sieg heil, white power, killyourself, suicidate
  ku klux klan, motherfucker
`);

/** Symbols of hate that no folding makes into letters: swastikas (CJK 卐 卍, Tibetan), the
 *  doubled sig rune and bolts of the SS. */
export const HATE_SYMBOLS =
  /[\u5350\u534d\u0fd5-\u0fd8\u2720]|(?:\u16cb\s*){2}|(?:\u03df\s*){2}|(?:\u26a1\ufe0f?\s*){2}/u;

/** Numbers of neo-Nazi code: 88 (HH), 1488, 14/88, 18 beside them, alone or around letters. */
export const HATE_NUMBERS =
  /(?:^|\D)(?:14\W*88|88\W*14|18\W*88)(?:\D|$)|^\W*88\W*$|(?:^|[^a-z])(?:hh|ss|ww)\W*88(?:\D|$)/iu;
