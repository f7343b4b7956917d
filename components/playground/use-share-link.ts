'use client';
// Share links (lib/web/share-link.ts): the first state is the link's in the URL, else the input kept from the last
// visit, else the first sample; a link pasted in the address bar later (a hash change) loads too. Share puts the
// current state's link in the address bar and, when the browser allows, on the clipboard.
import { useCallback, useEffect } from 'react';
import { useLatest } from '@/components/hooks/use-latest';
import { copyText } from '@/lib/web/copy-text';
import { browserStorage, loadStoredState } from '@/lib/web/input-storage';
import type { PlaygroundState } from '@/lib/web/playground-state';
import { DEFAULT_SAMPLE } from '@/lib/web/samples';
import { decodeShareState, shareUrl, stateFromHash } from '@/lib/web/share-link';

async function stateInHash(): Promise<PlaygroundState | null> {
  const encoded = stateFromHash(window.location.hash);
  return encoded ? decodeShareState(encoded) : null;
}

interface Options {
  /** The first state: nothing is on screen yet. */
  onFirstState: (state: PlaygroundState) => void;
  /** A later link's state, to put on screen. */
  onLinkOpened: (state: PlaygroundState) => void;
  currentState: () => PlaygroundState | null;
  announce: (message: string) => void;
}

/** Returns Share. */
export function useShareLink({ onFirstState, onLinkOpened, currentState, announce }: Options): () => Promise<void> {
  // Read when the state arrives: the first state is loaded once, whatever the callbacks' identity.
  const opened = useLatest({ onFirstState, onLinkOpened });
  useEffect(() => {
    let live = true;
    stateInHash().then((restored) => {
      if (live) opened.current.onFirstState(restored ?? loadStoredState(browserStorage()) ?? DEFAULT_SAMPLE.state);
    });
    const onHashChange = () => {
      stateInHash().then((restored) => {
        if (live && restored) opened.current.onLinkOpened(restored);
      });
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      live = false;
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [opened]);

  return useCallback(async () => {
    const state = currentState();
    if (!state) return;
    const url = await shareUrl(window.location.href, state);
    window.history.replaceState(null, '', url);
    announce((await copyText(url)) ? 'Share link copied to the clipboard' : 'Share link is in the address bar');
  }, [announce, currentState]);
}
