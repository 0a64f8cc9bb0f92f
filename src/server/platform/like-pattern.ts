/** Text matched literally inside a LIKE/ILIKE pattern: its own %, _ and \ lose their meaning. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);
