/**
 * The shape of one setting and of a set of them: the types env.ts (reading and parsing) and secrets.ts
 * (judging secrets outside local development) both build on, so neither imports the other's types.
 */

/**
 * How a secret setting is judged outside local development. Its default is the development value,
 * published with the code (.env.example, this repo), so it is refused there; a key (minBytes) also must
 * be long enough, counted in decoded bytes (base64) or in UTF-8 bytes.
 */
export type SecretRule = {
  how: string;
  minBytes?: number;
  base64?: boolean;
  /** The setting that turns this secret's service off with 'none' (then the secret is not used, nor checked). */
  usedUnless?: string;
};

export type Setting<T> = {
  default?: string;
  describe: string;
  parse: (raw: string) => T;
  /** A secret or key: outside local development its default is refused (and a key's short value). */
  secret?: SecretRule;
};

export type Spec = Record<string, Setting<unknown>>;
