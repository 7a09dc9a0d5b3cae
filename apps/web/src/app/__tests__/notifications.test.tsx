// Proves the notification banner: defaults, the 200-character cut with See more opening the Error Message drawer, auto-hide and closing by hand.
import { act, render, screen, fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationProvider } from '../notifications/NotificationProvider';
import { cutBody, makeNotice, NOTIFICATION_HIDE_MS } from '../notifications/notification-text';
import { useNotify } from '../notifications/useNotify';

function Trigger({ kind, body, header }: { kind: 'success' | 'error'; body?: string; header?: string }) {
  const notify = useNotify();
  return <button onClick={() => notify[kind](body, header)}>fire</button>;
}

function show(kind: 'success' | 'error', body?: string, header?: string) {
  render(
    <NotificationProvider>
      <Trigger kind={kind} body={body} header={header} />
    </NotificationProvider>,
  );
  fireEvent.click(screen.getByText('fire'));
}

afterEach(() => vi.useRealTimers());

describe('notification text', () => {
  it('has the spec defaults', () => {
    expect(makeNotice('success')).toEqual({ kind: 'success', header: 'Success', body: 'Operation Successful' });
    expect(makeNotice('error')).toEqual({ kind: 'error', header: 'Error', body: 'Error' });
  });
  it('cuts above 200 characters only', () => {
    expect(cutBody('a'.repeat(200))).toEqual({ text: 'a'.repeat(200), cut: false });
    expect(cutBody('a'.repeat(201))).toEqual({ text: `${'a'.repeat(200)}…`, cut: true });
  });
});

describe('notification banner', () => {
  it('shows the default error with header Error', () => {
    show('error');
    const banner = screen.getByTestId('notification-banner');
    expect(banner.dataset.kind).toBe('error');
    expect(banner.textContent).toContain('Error');
    expect(screen.queryByRole('button', { name: 'See more' })).toBeNull();
  });

  it('cuts a long body to 200 characters and opens the full text in the Error Message drawer', async () => {
    const long = `${'x'.repeat(195)}ABCDEFGHIJ-the-end`;
    show('error', long);
    expect(screen.getByTestId('notification-body').textContent).toBe(`${long.slice(0, 200)}…`);
    fireEvent.click(screen.getByRole('button', { name: 'See more' }));
    const drawer = await screen.findByRole('dialog');
    expect(drawer.textContent).toContain('Error Message');
    expect(drawer.textContent).toContain(long);
  });

  it('hides success after 10 s and error after 30 s', () => {
    vi.useFakeTimers();
    show('success', 'Saved');
    act(() => vi.advanceTimersByTime(NOTIFICATION_HIDE_MS.success - 1));
    expect(screen.queryByTestId('notification-banner')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('notification-banner')).toBeNull();
    expect(NOTIFICATION_HIDE_MS).toEqual({ success: 10_000, error: 30_000 });
  });

  it('closes by hand', () => {
    show('success');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByTestId('notification-banner')).toBeNull();
  });
});
