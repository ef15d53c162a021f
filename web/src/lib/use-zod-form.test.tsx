// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { showError } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { seriousAxeViolations } from '@/test/axe';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.mocked(showError).mockClear();
});

const Schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  town: z.string().trim().min(2, 'Town must be at least 2 characters'),
});

function Example({
  onValid,
  invalidToast,
}: {
  onValid: (values: z.output<typeof Schema>) => void;
  invalidToast?: boolean;
}) {
  const form = useZodForm(Schema, { defaultValues: { name: '', town: '' }, invalidToast });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.submitWith(onValid)}>
      <Field label="Name" required error={errors.name?.message}>
        {(control) => <Input {...control} {...form.register('name')} />}
      </Field>
      <Field label="Town" hint="Where the work is." error={errors.town?.message}>
        {(control) => <Input {...control} {...form.register('town')} />}
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

describe('Field and useZodForm', () => {
  it('labels each control, reads the hint with it, and marks it required', async () => {
    const { container } = render(<Example onValid={vi.fn()} />);
    const town = screen.getByLabelText('Town');
    expect(town.getAttribute('aria-describedby')).toBe(`${town.id}-hint`);
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-required')).toBe('true');
    expect(town.getAttribute('aria-required')).toBeNull();
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('on a refused submit: every message beside its field, the first in the toast, focus on the first', async () => {
    const onValid = vi.fn();
    render(<Example onValid={onValid} />);
    fireEvent.change(screen.getByLabelText('Town'), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByLabelText(/^Name/);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${name.id}-error`)?.textContent).toBe('Name is required');
    const town = screen.getByLabelText('Town') as HTMLInputElement;
    expect(town.getAttribute('aria-describedby')).toBe(`${town.id}-hint ${town.id}-error`);
    expect(document.getElementById(`${town.id}-error`)?.textContent).toBe(
      'Town must be at least 2 characters',
    );
    expect(showError).toHaveBeenCalledWith('Validation Error', 'Name is required');
    expect(town.value).toBe('X');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('shows no toast where the form asks for none (invalidToast: false), and still refuses', () => {
    render(<Example onValid={vi.fn()} invalidToast={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByLabelText(/^Name/);
    expect(document.activeElement).toBe(name);
    expect(document.getElementById(`${name.id}-error`)?.textContent).toBe('Name is required');
    expect(showError).not.toHaveBeenCalled();
  });

  it('refuses within the click itself: messages drawn and focus moved before the next key press', () => {
    render(<Example onValid={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // No waiting: a key pressed straight after the click must land in the field that is focused now.
    const name = screen.getByLabelText(/^Name/);
    expect(document.activeElement).toBe(name);
    expect(document.getElementById(`${name.id}-error`)?.textContent).toBe('Name is required');
  });

  it('follows corrections after the first submit, then hands over the parsed values', async () => {
    const onValid = vi.fn();
    render(<Example onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByLabelText(/^Name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(name, { target: { value: '  Ann ' } });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBeNull());
    fireEvent.change(screen.getByLabelText('Town'), { target: { value: 'Leeds' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ name: 'Ann', town: 'Leeds' });
  });
});

// Two amounts that must add up to 10: a message about both together, on no control of its own.
const Split = z
  .object({ refund: z.string(), release: z.string() })
  .refine((v) => Number(v.refund) + Number(v.release) === 10, {
    message: 'Must add up to 10',
    path: ['total'],
  });

const TOTAL = ['total'];

function SplitExample({ onValid }: { onValid: (values: z.output<typeof Split>) => void }) {
  const form = useZodForm(Split, {
    defaultValues: { refund: '', release: '' },
    recheckOnAnyChange: TOTAL,
    focusFor: { total: 'total-line' },
  });
  const message = (form.formState.errors as { total?: { message?: string } }).total?.message;
  return (
    <form noValidate onSubmit={form.submitWith(onValid)}>
      <Field label="Refund" error={form.formState.errors.refund?.message}>
        {(control) => <Input {...control} {...form.register('refund')} />}
      </Field>
      <Field label="Release" error={form.formState.errors.release?.message}>
        {(control) => <Input {...control} {...form.register('release')} />}
      </Field>
      <p id="total-line" tabIndex={-1}>
        {message ?? 'Adds up'}
      </p>
      <button type="submit">Split</button>
    </form>
  );
}
describe('useZodForm with a message about the whole form', () => {
  it('focuses the element named for it (focusFor)', () => {
    render(<SplitExample onValid={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Refund'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Split' }));
    expect(screen.getByText('Must add up to 10')).toBeTruthy();
    expect(document.activeElement).toBe(document.getElementById('total-line'));
    expect(showError).toHaveBeenCalledWith('Validation Error', 'Must add up to 10');
  });

  it('re-checks it on a change to any field (recheckOnAnyChange)', () => {
    render(<SplitExample onValid={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Refund'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Split' }));
    expect(screen.getByText('Must add up to 10')).toBeTruthy();
    // Release has no message of its own; its change settles the whole form's.
    fireEvent.change(screen.getByLabelText('Release'), { target: { value: '7' } });
    expect(screen.queryByText('Must add up to 10')).toBeNull();
    expect(screen.getByText('Adds up')).toBeTruthy();
  });
});
