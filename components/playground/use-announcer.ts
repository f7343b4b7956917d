'use client';
// The status bar's notice ("Output copied", "Swapped: ..."): read out once by the polite live region, gone after 4 s.
import { useCallback, useEffect, useRef, useState } from 'react';

const NOTICE_MS = 4000;

export function useAnnouncer(): { notice: string; announce: (text: string) => void } {
  const [notice, setNotice] = useState('');
  const timer = useRef<number | undefined>(undefined);
  const announce = useCallback((text: string) => {
    setNotice(text);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setNotice(''), NOTICE_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { notice, announce };
}
