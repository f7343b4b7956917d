'use client';
// The latest value for callbacks that outlive a render (editor commands, window listeners). Written after each commit
// in a layout effect, before any passive effect (a child's included) can call back; never during render.
import { type RefObject, useLayoutEffect, useRef } from 'react';

export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
