import { useEffect, useRef, useState } from 'react';
import { Trans } from '../../i18n/translation';

declare global {
  interface Window {
    Calendly?: { initInlineWidget(opts: { url: string; parentElement: HTMLElement }): void };
  }
}

const SCRIPT = 'https://assets.calendly.com/assets/external/widget.js';
let loading: Promise<void> | undefined;
function loadCalendly(): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = SCRIPT;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => {
      loading = undefined;
      reject(new Error('Calendly could not load'));
    };
    document.head.appendChild(s);
  });
  return loading;
}

/**
 * The rep's scheduling page: the plain link at once, so booking never waits on a third-party script, and
 * Calendly's inline widget below it once the script has arrived. Until then (or if it never does) the
 * widget's box takes no room.
 */
export function CalendlyEmbed({ url }: { url: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let live = true;
    loadCalendly()
      .then(() => {
        if (!live || !box.current || !window.Calendly) return;
        box.current.replaceChildren(); // a new link replaces the widget rather than stacking a second one
        window.Calendly.initInlineWidget({ url: `${url}?hide_gdpr_banner=1`, parentElement: box.current });
        setShown(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <div className="calendly">
      <p className="lead">
        <Trans i18nKey="offers.pickTime" components={{ page: <a href={url} target="_blank" rel="noreferrer" /> }} />
      </p>
      <div ref={box} className="calendly-inline" data-testid="calendly-inline" hidden={!shown} />
    </div>
  );
}
