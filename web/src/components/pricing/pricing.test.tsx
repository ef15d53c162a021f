// @vitest-environment happy-dom
import { priceLines } from '@domain/marketplace/pricing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { draftTotals, emptyLine, type LineDraft, LineItemsEditor } from './line-items-editor';
import { PriceBreakdown } from './price-breakdown';

afterEach(cleanup);

function Editor({ vatRegistered = false, initial }: { vatRegistered?: boolean; initial?: LineDraft[] }) {
  const [lines, setLines] = useState<LineDraft[]>(initial ?? [emptyLine(vatRegistered)]);
  return (
    <LineItemsEditor
      idPrefix="t"
      lines={lines}
      onChange={setLines}
      vatRegistered={vatRegistered}
      errorOf={(index, field) => (index === 0 && field === 'quantity' ? 'Bad quantity' : undefined)}
    />
  );
}

const totalsText = () => screen.getByText(/^Total/).closest('dl')?.textContent;

describe('the line-items editor', () => {
  it('works the totals out as the person types, by the server’s rules', () => {
    render(<Editor />);
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Labour' } });
    fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: '2.5' } });
    fireEvent.change(screen.getByLabelText(/^Unit price/), { target: { value: '45' } });
    expect(totalsText()).toBe('Subtotal£112.50Total£112.50');
    // Not VAT registered: no rate to choose.
    expect(screen.queryByLabelText(/^VAT rate/)).toBeNull();
  });

  it('asks a VAT-registered sender for each line’s rate and adds the VAT', () => {
    render(<Editor vatRegistered />);
    fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText(/^Unit price/), { target: { value: '89.99' } });
    fireEvent.change(screen.getByLabelText(/^VAT rate/), { target: { value: 'reduced' } });
    // 5% of £89.99 = £4.4995 → £4.50.
    expect(totalsText()).toBe('Subtotal£89.99VAT£4.50Total including VAT£94.49');
  });

  it('adds a line with focus in it, removes one with focus on Add item, and shows each field’s message', () => {
    render(<Editor />);
    expect(screen.getByText('Bad quantity')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Remove item/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    const second = screen.getByRole('group', { name: 'Item 2' });
    expect(document.activeElement).toBe(within(second).getByLabelText(/^Description/));
    fireEvent.click(screen.getByRole('button', { name: 'Remove item 2' }));
    expect(screen.queryByRole('group', { name: 'Item 2' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add item' }));
  });

  it('counts a line only once it can be read', () => {
    const line = { ...emptyLine(false), quantity: '1.234', unitPrice: '10' };
    expect(draftTotals([line]).totalPence).toBe(0);
    expect(draftTotals([{ ...line, quantity: '2' }]).totalPence).toBe(2000);
  });
});

describe('the price breakdown', () => {
  it('lists each line with its kind, quantity and price, then the subtotal, VAT per rate and total', () => {
    const breakdown = priceLines([
      {
        kind: 'labour',
        description: 'Fit radiator',
        quantityHundredths: 250,
        unitPricePence: 4500,
        vatRate: 'standard',
      },
      {
        kind: 'materials',
        description: 'Radiator',
        quantityHundredths: 100,
        unitPricePence: 12049,
        vatRate: 'reduced',
      },
    ]);
    render(<PriceBreakdown breakdown={breakdown} caption="Items of the quote" />);
    const table = screen.getByRole('table', { name: 'Items of the quote' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'ItemAmount',
      'Fit radiatorLabour · 2.5 × £45.00 · VAT 20%£112.50',
      'RadiatorMaterials · 1 × £120.49 · VAT 5%£120.49',
      'Subtotal£232.99',
      'VAT at 20% on £112.50£22.50',
      'VAT at 5% on £120.49£6.02',
      'Total including VAT£261.51',
    ]);
    expect(within(table).getByRole('rowheader', { name: /Fit radiator/ })).toBeTruthy();
  });
});
