import { LOADING_MS, TOAST_MS } from '@khela/contract/constants';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { showLoading, showToast } from '../lib/notify';
import { Notifications } from './notifications';

describe('toasts and loading', () => {
  it('shows a toast for the default time, announced politely', async () => {
    vi.useFakeTimers();
    render(<Notifications />);
    await act(async () => void showToast('Saved settings'));
    expect(screen.getByRole('status', { name: 'বিজ্ঞপ্তি' })).toHaveTextContent('Saved settings');
    await act(async () => vi.advanceTimersByTime(TOAST_MS.default - 1));
    expect(screen.getByText('Saved settings')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved settings')).not.toBeInTheDocument();
  });

  it('keeps success toasts 1 s and errors 3 s, errors as alerts', async () => {
    vi.useFakeTimers();
    render(<Notifications />);
    await act(async () => {
      showToast('Done', 'success');
      showToast('It failed', 'error');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('It failed');
    await act(async () => vi.advanceTimersByTime(TOAST_MS.success));
    expect(screen.queryByText('Done')).not.toBeInTheDocument();
    expect(screen.getByText('It failed')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(TOAST_MS.short - TOAST_MS.success));
    expect(screen.queryByText('It failed')).not.toBeInTheDocument();
  });

  it('shows the loading indicator until hidden, or at most LOADING_MS', async () => {
    vi.useFakeTimers();
    render(<Notifications />);
    let hide = () => {};
    await act(async () => {
      hide = showLoading('অনুগ্রহ করে অপেক্ষা করুন');
    });
    expect(screen.getByText('অনুগ্রহ করে অপেক্ষা করুন')).toBeVisible();
    await act(async () => hide());
    expect(screen.queryByText('অনুগ্রহ করে অপেক্ষা করুন')).not.toBeInTheDocument();

    await act(async () => void showLoading('loading'));
    await act(async () => vi.advanceTimersByTime(LOADING_MS.default - 1));
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });
});
