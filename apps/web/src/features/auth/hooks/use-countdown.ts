import { useCallback, useEffect, useState } from 'react';
import { secondsLeft } from '../lib/resend';

/**
 * A seconds countdown (the "send again" wait): `start(s)` sets it, `remaining` counts down to 0.
 * It follows the clock rather than counting ticks, so a throttled background tab still ends on time.
 */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const id = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) setDeadline(null);
    }, 250);
    return () => window.clearInterval(id);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setDeadline(t + seconds * 1000);
  }, []);

  return { remaining: deadline === null ? 0 : secondsLeft(deadline, now), start };
}
