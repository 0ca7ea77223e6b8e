import { describe, expect, it } from 'vitest';
import { fieldWords } from './form-errors';

describe('fieldWords', () => {
  it('writes the names of fields as words', () => {
    expect(fieldWords('currentPassword')).toBe('Current password');
    expect(fieldWords('paymentAccountType')).toBe('Payment account type');
    expect(fieldWords('addressId')).toBe('Address');
    expect(fieldWords('idVerification')).toBe('ID verification');
    expect(fieldWords('items.0.price')).toBe('Items 1 price');
    expect(fieldWords('name')).toBe('Name');
  });
});
