import { useEffect, useState } from 'react';
import { toPersianDigits } from '~/domain/persian-text.ts';

/** Whole seconds until `until` (epoch ms), updated every second while above zero. */
export function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const id = setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= until) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [until]);
  return left;
}

/** 75 → '۱:۱۵' (minutes:seconds in Persian digits). */
export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return toPersianDigits(`${m}:${String(s).padStart(2, '0')}`);
}
