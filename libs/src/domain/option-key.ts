// Apart from the French labels: the web's first visit needs the key, not the labels (their own chunk).
/** The key of a pick-list value: its English words in camelCase ('Sole Proprietorship' -> soleProprietorship). */
export const optionKey = (value: string): string =>
  value
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join('');
