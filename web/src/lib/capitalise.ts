/** "geography" → "Geography": subject and level ids as the screens show them. */
export const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
