// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field, FieldSet } from './form';
import { Input } from './input';
import { PasswordField } from './password-input';

afterEach(cleanup);

const describedText = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('Field', () => {
  it('reads the hint and then the message with the control', () => {
    render(
      <Field id="f-name" label="Name" required hint="As on your ID." error="Please enter your name">
        {(control) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText(/^Name/);
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toBe('As on your ID. | Please enter your name');
  });

  it('lets a hint draw its own element under the id it is given (a character counter)', () => {
    render(
      <Field
        id="f-comment"
        label="Comment"
        hint={(hintId) => (
          <p id={hintId} data-counter="">
            3 / 10 characters
          </p>
        )}
        error={null}
      >
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const textarea = screen.getByLabelText('Comment');
    expect(describedText(textarea)).toBe('3 / 10 characters');
    expect(textarea.getAttribute('aria-invalid')).toBeNull();
    expect(document.querySelectorAll('[data-counter]')).toHaveLength(1);
  });
});

describe('FieldSet', () => {
  it('names its message for the group once there is one', () => {
    const { rerender } = render(
      <FieldSet id="f-kind" legend="Kind" required error={null}>
        <input type="radio" name="kind" aria-label="One" />
      </FieldSet>,
    );
    const group = screen.getByRole('group', { name: /^Kind/ });
    expect(group.getAttribute('aria-describedby')).toBeNull();
    rerender(
      <FieldSet id="f-kind" legend="Kind" required error="Please choose one">
        <input type="radio" name="kind" aria-label="One" />
      </FieldSet>,
    );
    expect(describedText(group)).toBe('Please choose one');
    expect(group.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('PasswordField', () => {
  it('is a required password with its show button, hint and message', () => {
    render(
      <PasswordField
        id="f-password"
        label="New password"
        hint="8 to 100 characters."
        error="Password must be at least 8 characters"
        autoComplete="new-password"
      />,
    );
    const input = screen.getByLabelText(/^New password/);
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(describedText(input)).toBe('8 to 100 characters. | Password must be at least 8 characters');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
  });
});
