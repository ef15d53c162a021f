// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { USER_TYPE_STORAGE_KEY, useStoredUserType } from './session';

afterEach(() => localStorage.clear());

describe('useStoredUserType', () => {
  it('returns null when no user type is stored, so no bottom navigation shows', () => {
    expect(renderHook(() => useStoredUserType()).result.current).toBeNull();
  });

  it('returns a stored user type', () => {
    localStorage.setItem(USER_TYPE_STORAGE_KEY, 'tradesperson');
    expect(renderHook(() => useStoredUserType()).result.current).toBe('tradesperson');
  });

  it('ignores a value that is not a user type', () => {
    localStorage.setItem(USER_TYPE_STORAGE_KEY, 'admin');
    expect(renderHook(() => useStoredUserType()).result.current).toBeNull();
  });
});
