/** Values an ICU message interpolates: `{name}`, `{count, plural, …}`. */
export type MessageValues = Record<string, string | number>;
