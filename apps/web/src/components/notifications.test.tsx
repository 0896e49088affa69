import { LOADING_MS, TOAST_MS } from '@khela/contract/constants';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { showLoading, showToast } from '../lib/notify';
import { Notifications } from './notifications';

describe('toasts and loading', () => {
  it('shows a toast for the default time, announced politely', () => {
    vi.useFakeTimers();
    render(<Notifications />);
    act(() => void showToast('Saved settings'));
    expect(screen.getByRole('status', { name: 'বিজ্ঞপ্তি' })).toHaveTextContent('Saved settings');
    act(() => vi.advanceTimersByTime(TOAST_MS.default - 1));
    expect(screen.getByText('Saved settings')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved settings')).not.toBeInTheDocument();
  });

  it('keeps success toasts 1 s and errors 3 s, errors as alerts', () => {
    vi.useFakeTimers();
    render(<Notifications />);
    act(() => {
      showToast('Done', 'success');
      showToast('It failed', 'error');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('It failed');
    act(() => vi.advanceTimersByTime(TOAST_MS.success));
    expect(screen.queryByText('Done')).not.toBeInTheDocument();
    expect(screen.getByText('It failed')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TOAST_MS.short - TOAST_MS.success));
    expect(screen.queryByText('It failed')).not.toBeInTheDocument();
  });

  it('shows the loading indicator until hidden, or at most LOADING_MS', () => {
    vi.useFakeTimers();
    render(<Notifications />);
    let hide = () => {};
    act(() => {
      hide = showLoading('অনুগ্রহ করে অপেক্ষা করুন');
    });
    expect(screen.getByText('অনুগ্রহ করে অপেক্ষা করুন')).toBeVisible();
    act(() => hide());
    expect(screen.queryByText('অনুগ্রহ করে অপেক্ষা করুন')).not.toBeInTheDocument();

    act(() => void showLoading('loading'));
    act(() => vi.advanceTimersByTime(LOADING_MS.default - 1));
    expect(screen.getByText('loading')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });
});
