/** LIKE / ILIKE patterns from user input: the wildcards typed are matched as themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern matching any text that contains `text` (use with ILIKE for case-insensitive). */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** A pattern matching any text that starts with `text`. */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;
