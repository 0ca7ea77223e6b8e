import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AmountInput, amountProblem } from './AmountInput';

function Field() {
  const [value, setValue] = useState<number | null>(10);
  return (
    <>
      <AmountInput aria-label="Tip amount" value={value} onChange={setValue} />
      <output>{amountProblem(value, { what: 'A tip', min: 10, max: 300 }) ?? 'ok'}</output>
    </>
  );
}

describe('amount input', () => {
  it('keeps an amount as typed, not padded or rounded when it loses focus, and names the limit it breaks', () => {
    render(<Field />);
    const input = screen.getByLabelText('Tip amount');
    for (const [typed, problem] of [
      ['5', 'A tip must be at least 10 tokens'],
      ['1000', 'A tip must be at most 300 tokens'],
      ['25', 'ok'],
      ['12.5', 'ok'],
      ['12.555', 'A tip may have at most two decimals'],
    ]) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      expect(input).toHaveProperty('value', typed);
      expect(screen.getByRole('status').textContent).toBe(problem);
    }
  });

  it('asks for an amount when there is none', () => {
    expect(amountProblem(null, { what: 'A top-up', min: 2.95 })).toBe('A top-up needs an amount');
    expect(amountProblem(2.94, { what: 'A top-up', min: 2.95, max: 300 })).toBe('A top-up must be at least 2.95 tokens');
  });
});
