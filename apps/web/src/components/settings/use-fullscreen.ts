import { useCallback, useEffect, useState } from 'react';

/** Browser fullscreen. It cannot be restored on reload: browsers demand a user gesture to enter it. */
export function useFullscreen() {
  const [active, setActive] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);

  useEffect(() => {
    const onChange = () => setActive(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      // Refused by the browser (iframe, iOS Safari...): nothing to do.
    }
  }, []);

  const supported = typeof document !== 'undefined' && !!document.fullscreenEnabled;
  return { active, toggle, supported };
}
