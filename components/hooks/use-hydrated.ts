'use client';
// True once React has hydrated the page (false in the server's HTML). A form's submit button waits for
// it: clicked before, the browser would submit the form natively (a GET with the fields, a password
// among them, in the URL) instead of running the form's handler.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
