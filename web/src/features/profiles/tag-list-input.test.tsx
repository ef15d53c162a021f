// @vitest-environment happy-dom
import { PROFILE_MESSAGES } from '@domain/profiles/schemas';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TagListInput } from './tag-list-input';

afterEach(cleanup);

function Harness({
  initial = [],
  max = 3,
  onSubmit = () => {},
}: {
  initial?: string[];
  max?: number;
  onSubmit?: () => void;
}) {
  const [tags, setTags] = useState(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <TagListInput
        legend="Specialties"
        itemName="specialty"
        value={tags}
        onChange={setTags}
        max={max}
        maxLength={12}
        tooManyMessage="You can add up to 3 specialties"
        tooLongMessage="Each specialty must be 12 characters or fewer"
      />
      <output data-testid="value">{JSON.stringify(tags)}</output>
    </form>
  );
}

const input = () => screen.getByRole('textbox', { name: 'New specialty' }) as HTMLInputElement;
const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]');
const typeAndEnter = (text: string) => {
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.keyDown(input(), { key: 'Enter' });
};
const announced = () => document.querySelector('[aria-live="polite"]')?.textContent;
/** The complaint the field is described by, if any. */
const problem = () => {
  const ids = input().getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).find((t) => t && !t.startsWith('Press'));
};

describe('the tag list', () => {
  it('adds a trimmed tag with Enter without submitting the form, and announces it', () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    expect(screen.getByText('None added yet.')).toBeTruthy();
    typeAndEnter('  Boiler   taps ');
    expect(value()).toEqual(['Boiler taps']);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input().value).toBe('');
    expect(announced()).toBe('Added Boiler taps.');
    const list = screen.getByRole('list', { name: 'Specialties' });
    expect(within(list).getByText('Boiler taps')).toBeTruthy();
  });

  it('adds with the Add button too, and ignores blank input', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add specialty' }));
    expect(value()).toEqual([]);
    fireEvent.change(input(), { target: { value: 'Leaks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add specialty' }));
    expect(value()).toEqual(['Leaks']);
  });

  it('refuses a duplicate whatever its letter case, says why and keeps the text', () => {
    render(<Harness initial={['Leaks']} />);
    typeAndEnter('LEAKS ');
    expect(value()).toEqual(['Leaks']);
    expect(problem()).toBe(PROFILE_MESSAGES.tagDuplicate);
    expect(announced()).toBe('That is already in the list');
    expect(input().value).toBe('LEAKS ');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    // Typing again clears the complaint.
    fireEvent.change(input(), { target: { value: 'Drains' } });
    expect(problem()).toBeUndefined();
  });

  it('keeps to the maximum count and length', () => {
    render(<Harness initial={['A', 'B']} max={3} />);
    typeAndEnter('Much too long a tag');
    expect(problem()).toBe('Each specialty must be 12 characters or fewer');
    typeAndEnter('C');
    typeAndEnter('D');
    expect(value()).toEqual(['A', 'B', 'C']);
    expect(problem()).toBe('You can add up to 3 specialties');
  });

  it('removes a tag with its own labelled button, announces it and returns focus to the field', () => {
    render(<Harness initial={['Leaks', 'Drains']} />);
    const remove = screen.getByRole('button', { name: 'Remove Leaks' });
    remove.focus();
    fireEvent.click(remove);
    expect(value()).toEqual(['Drains']);
    expect(announced()).toBe('Removed Leaks.');
    expect(document.activeElement).toBe(input());
    expect(screen.queryByRole('button', { name: 'Remove Leaks' })).toBeNull();
  });

  it('groups its controls under the list’s name', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Specialties' });
    expect(within(group).getByRole('textbox', { name: 'New specialty' })).toBeTruthy();
  });
});
