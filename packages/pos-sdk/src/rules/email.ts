/** A standard email address pattern: local part, @, a domain with a top-level part of 2+ letters. */
const EMAIL = /^[^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*@([a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}$/;

/** Does the (trimmed) text look like an email address? */
export function isEmail(text: string): boolean {
  return EMAIL.test(text.trim());
}
