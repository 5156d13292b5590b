/**
 * Characters that show nothing: whitespace, control characters, zero-width and other invisible format
 * characters (U+200B..U+200F, U+2060.., U+FEFF, bidi marks, fillers, variation selectors, tags). The same
 * set as the database's app.visible_text, which refuses required text made only of them. In the contract
 * so a function's body schema and the web form that sends it call the same text "blank".
 */
const INVISIBLE =
  /[\s\p{Cc}\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\u{e0000}-\u{e007f}]/gu;

/** The text without its invisible characters. */
export function visibleText(value: string): string {
  return value.replace(INVISIBLE, '');
}

/** True when the text shows something: at least one visible character. */
export function hasVisibleText(value: string): boolean {
  return visibleText(value).length > 0;
}
