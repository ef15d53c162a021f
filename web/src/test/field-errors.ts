// Assertions for the inline messages of invalid form fields (the toast is not the only place they show), and
// the server's refusal that puts one there.
import { expect } from 'vitest';
import type { Reply } from './render';

/** The text of every element a field's aria-describedby names, which screen readers read with it. */
export function describedText(field: Element): string {
  const ids = field.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/**
 * The field is marked invalid and its description carries `message`, in an element on the page (not a
 * screen-reader-only one) inside the field's own group, so sighted users read it next to the field.
 */
export function expectFieldError(field: Element, message: string): void {
  expect(field.getAttribute('aria-invalid'), `${field.id} is not marked invalid`).toBe('true');
  expect(describedText(field)).toContain(message);
  const ids = field.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  const shown = ids.map((id) => document.getElementById(id)).find((el) => el?.textContent?.includes(message));
  expect(shown?.className ?? '').not.toContain('sr-only');
  // Next to the field: the message shares a small container with it, not a summary far away.
  const group = shown?.parentElement;
  expect(group?.contains(field) || group?.parentElement?.contains(field)).toBe(true);
}

export function expectNoFieldError(field: Element): void {
  expect(field.getAttribute('aria-invalid')).toBeNull();
}

/** The server's 400 refusing one field of the body, with the message it shows beside that field. */
export function validationErrorReply(field: string, message: string): Reply {
  return {
    status: 400,
    body: { error: { code: 'validation_error', message, details: [{ field, message }] } },
  };
}
