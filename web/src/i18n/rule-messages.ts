/**
 * Form rules (zod schemas, some shared with the server) keep one language's message as the identifier of
 * each rule; a catalog has one key per rule, `<prefix>.<rule name>`. This finds the key of a rule's
 * message and says it in the reader's language; any other message is shown as it is.
 */
export function ruleMessages<Key extends string>(rules: Readonly<Record<string, string>>, prefix: string) {
  const keyOf = new Map<string, Key>(Object.entries(rules).map(([name, text]) => [text, `${prefix}.${name}` as Key]));
  return {
    keyOf: (message: string): Key | undefined => keyOf.get(message),
    text(t: (key: Key) => string, message: string | undefined): string | undefined {
      if (message === undefined) return undefined;
      const key = keyOf.get(message);
      return key ? t(key) : message;
    },
  };
}
