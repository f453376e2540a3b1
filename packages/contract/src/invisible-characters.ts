/**
 * Characters that show nothing yet make two texts differ: "Gen\u200Besis" passed as a second "Genesis" beside the
 * first, and direction controls reorder what is shown ("Jo\u202EnaF" reads "JoFan" to whoever reviews a wire). Soft
 * hyphen, zero-width space, word joiner, byte-order mark, and the bidirectional embeddings, overrides and isolates.
 * (The zero-width joiner of emoji sequences is not among them.) Catalogue names, the short texts collectors read beside
 * them (a pass's benefits, a slot's name, a trait, what a ticket is for) and the texts a person types for money (wire
 * details, the name on a card, a Tilia method's label) refuse them; long descriptions, where right-to-left text may
 * need its marks, do not.
 */
const INVISIBLE_CHARACTERS = /[\u00AD\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;

/** What a short text that is not a name says when it holds one (a trait's value, a benefit, a slot's use). */
export const invisibleCharactersMessage =
  'This cannot hold invisible characters (a zero-width space, a direction mark): type it again.';

/** Whether a text is free of invisible and direction-control characters: what a zod `.refine` over it asks. */
export function hasNoInvisibleCharacters(text: string): boolean {
  return !INVISIBLE_CHARACTERS.test(text);
}
