import { useEffect, useRef, useState } from 'react';

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

/** The rep's scheduling page inline (Calendly's embed); a plain link when the widget cannot load. */
export function CalendlyEmbed({ url }: { url: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadCalendly()
      .then(() => {
        if (live && box.current && window.Calendly)
          window.Calendly.initInlineWidget({ url: `${url}?hide_gdpr_banner=1`, parentElement: box.current });
      })
      .catch(() => live && setFailed(true));
    const timer = setTimeout(() => live && !window.Calendly && setFailed(true), 8000);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [url]);
  return (
    <div className="calendly">
      {failed ? null : <div ref={box} className="calendly-inline" data-testid="calendly-inline" />}
      <p className={failed ? 'lead' : 'muted'}>
        {failed ? 'Pick a time on ' : "Can't see the calendar? Open "}
        <a href={url} target="_blank" rel="noreferrer">
          your funding expert&apos;s scheduling page
        </a>
        .
      </p>
    </div>
  );
}
