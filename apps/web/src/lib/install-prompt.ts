import { useSyncExternalStore } from 'react';

/** Chrome's install offer (not in the DOM typings: it is not a standard). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

// Listened from the module's load: the offer can come before any component asks for it.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // shown by our own button, not by the browser's mini-infobar
    offer = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    installed = true;
    notify();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

export interface InstallPrompt {
  /** The browser offers to install (Chrome, Edge, Samsung Internet on the installable page). */
  available: boolean;
  /** Installed in this session, or running as the installed app. */
  installed: boolean;
  install(): Promise<InstallOutcome>;
}

/** The browser's install prompt where it offers one (`beforeinstallprompt`); elsewhere the caller shows how to install. */
export function useInstallPrompt(): InstallPrompt {
  const current = useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );
  const done = useSyncExternalStore(
    subscribe,
    () => installed,
    () => false,
  );
  const standalone = typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches;
  return {
    available: current !== null,
    installed: done || !!standalone,
    install: async () => {
      if (!offer) return 'unavailable';
      const event = offer;
      offer = null; // a prompt can be shown once
      notify();
      await event.prompt();
      return (await event.userChoice).outcome;
    },
  };
}
