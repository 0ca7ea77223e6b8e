import { ErrorCode } from '@limelight/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadFailed } from './LoadFailed';

describe('LoadFailed', () => {
  afterEach(() => document.body.replaceChildren());

  it('says what failed with a retry, never a crash’s own words', () => {
    const onRetry = vi.fn();
    render(<LoadFailed what="Your sessions" error={{ status: 500, data: { message: 'relation does not exist' } }} onRetry={onRetry} />);
    expect(screen.getByText('Your sessions could not be loaded')).toBeTruthy();
    expect(screen.queryByText('relation does not exist')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('gives the API’s words when it wrote them for people', () => {
    const error = { status: 403, data: { code: ErrorCode.forbidden, message: 'Set up two-factor sign-in first' } };
    render(<LoadFailed what="Your sessions" error={error} onRetry={() => {}} />);
    expect(screen.getByText('Set up two-factor sign-in first')).toBeTruthy();
  });
});
