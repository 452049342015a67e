import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRemainingMs, useServerOffset } from '../../lib/use-countdown.ts';
import { Countdown } from './countdown.tsx';

const SERVER_START = Date.parse('2026-11-25T19:00:00.000Z');

/** A screen of the game: the poll's `now` and the question's `endsAt`, as the stream gives them. */
function Clock({ now, endsAt }: { now: string; endsAt: string | null }) {
  const offset = useServerOffset(now);
  const remaining = useRemainingMs(endsAt, offset);
  return <Countdown remaining={remaining} limit={20} label="Tiempo restante" />;
}

const live = () => document.querySelector('[aria-live="polite"]');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('countdown', () => {
  it('shows the server’s seconds left on a phone whose clock is 30 s fast or slow', () => {
    for (const skew of [30_000, -30_000]) {
      // The phone sees the frame 80 ms after the server wrote it, 5 s into a 20 s question.
      vi.setSystemTime(SERVER_START + 5000 + 80 + skew);
      const { unmount } = render(
        <Clock
          now={new Date(SERVER_START + 5000).toISOString()}
          endsAt={new Date(SERVER_START + 20_000).toISOString()}
        />,
      );
      expect(screen.getByRole('timer')).toHaveTextContent('15');
      // 7.3 s later by every clock: 7.62 s left by the server's, the phone shows 8.
      act(() => vi.advanceTimersByTime(7300));
      expect(screen.getByRole('timer')).toHaveTextContent('8');
      unmount();
    }
  });

  it('counts nothing without a limit', () => {
    vi.setSystemTime(SERVER_START);
    render(<Clock now={new Date(SERVER_START).toISOString()} endsAt={null} />);
    expect(screen.getByRole('timer')).toHaveTextContent('∞');
  });

  it('tells screen readers the time at 10 s and 5 s only', () => {
    const { rerender } = render(<Countdown remaining={12_000} limit={20} label="Tiempo" />);
    expect(live()).toHaveTextContent('');
    rerender(<Countdown remaining={10_500} limit={20} label="Tiempo" />);
    expect(live()).toHaveTextContent('');
    rerender(<Countdown remaining={9_900} limit={20} label="Tiempo" />);
    expect(live()).toHaveTextContent('Quedan 10 segundos');
    rerender(<Countdown remaining={7_000} limit={20} label="Tiempo" />);
    expect(live()).toHaveTextContent('Quedan 10 segundos');
    rerender(<Countdown remaining={4_200} limit={20} label="Tiempo" />);
    expect(live()).toHaveTextContent('Quedan 5 segundos');
    // The timer itself is not a live region: its number is read only when asked for.
    expect(screen.getByRole('timer')).not.toHaveAttribute('aria-live');
  });

  it('says nothing for a question joined with less than 5 s left', () => {
    const { rerender } = render(<Countdown remaining={3_000} limit={20} label="Tiempo" />);
    rerender(<Countdown remaining={2_000} limit={20} label="Tiempo" />);
    expect(live()).toHaveTextContent('');
  });
});
