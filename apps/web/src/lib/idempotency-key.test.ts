import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { useIdempotencyKeys } from './idempotency-key';

const lost = new ApiError(0, 'network', 'No connection');
const refused = new ApiError(409, 'wallet.insufficientFunds', 'Not enough balance');

describe('useIdempotencyKeys', () => {
  it('sends the same request again with its key after a lost answer, and a new key once answered', () => {
    const { result } = renderHook(() => useIdempotencyKeys());
    const keys = result.current;
    const first = keys.keyFor('100');
    keys.settle('100', lost);
    expect(keys.keyFor('100')).toBe(first);
    keys.settle('100', refused);
    const next = keys.keyFor('100');
    expect(next).not.toBe(first);
    keys.settle('100');
    expect(keys.keyFor('100')).not.toBe(next);
  });

  it('keeps a lost request’s key while another request goes out, and keeps it over a re-render', () => {
    const { result, rerender } = renderHook(() => useIdempotencyKeys());
    const a = result.current.keyFor('a');
    result.current.settle('a', lost);
    const b = result.current.keyFor('b');
    expect(b).not.toBe(a);
    rerender();
    expect(result.current.keyFor('a')).toBe(a);
  });
});
