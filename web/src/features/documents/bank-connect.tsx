// Issue 27 item 1: "Connect your bank" on /bank-statements. Its own chunk (React.lazy from the page), with
// react-plaid-link: nothing of it comes with a first visit. The Link script is VITE_PLAID_LINK_URL
// (plaid-link-url.ts); Plaid's own is loaded by react-plaid-link, any other (the local stand-in behind the
// web server's /plaid) is loaded here and stands in for Plaid's.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePlaidLink } from 'react-plaid-link';
import { Button } from '../../components/ui/button';
import { useTranslation } from '../../i18n/translation';
import { api } from '../../lib/http';
import { PLAID_LINK_URL, PLAID_STABLE_URL } from './plaid-link-url';

type Fetch = { state: 'done'; filled: string[]; missing: string[] } | { state: 'pending' } | { state: 'reconnect' };
/** reconnect: Plaid said (its ITEM webhook) the bank wants the applicant's login again. */
type Status = { available: boolean; connected: boolean; institution?: string; reconnect?: boolean };
type Phase = 'idle' | 'opening' | 'fetching' | 'still' | 'done' | 'reconnect' | 'failed' | 'disconnected';

const bankApi = {
  status: async (applicationId: string) => (await api.get<{ data: Status }>(`/bank/application/${applicationId}`)).data,
  linkToken: async (applicationId: string) =>
    (await api.post<{ data: { linkToken: string } }>('/bank/link-token', { applicationId })).data.linkToken,
  exchange: async (applicationId: string, publicToken: string) =>
    (await api.post<{ data: { institution?: string } }>('/bank/exchange', { applicationId, publicToken })).data,
  statements: async (applicationId: string) =>
    (await api.post<{ data: Fetch }>('/bank/statements', { applicationId })).data,
  disconnect: (applicationId: string) => api.post('/bank/disconnect', { applicationId }),
};

/** Loads a Link script other than Plaid's, then marks Plaid's as present so react-plaid-link uses it. */
function useLinkScript(): boolean {
  const own = PLAID_LINK_URL === PLAID_STABLE_URL;
  const [loaded, setLoaded] = useState(own || !!(window as { Plaid?: unknown }).Plaid);
  useEffect(() => {
    if (loaded) return;
    const script = document.createElement('script');
    script.src = PLAID_LINK_URL;
    script.async = true;
    script.onload = () => {
      // Not fetched (a type no browser runs): only found by react-plaid-link's check for an existing script.
      if (!document.querySelector(`script[src="${PLAID_STABLE_URL}"]`)) {
        const marker = document.createElement('script');
        marker.type = 'application/x-plaid-link-standin';
        marker.src = PLAID_STABLE_URL;
        document.head.appendChild(marker);
      }
      setLoaded(true);
    };
    document.head.appendChild(script);
  }, [loaded]);
  return loaded;
}

export default function BankConnect(props: { applicationId: string; disabled?: boolean; onFilled: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ['bank', props.applicationId],
    queryFn: () => bankApi.status(props.applicationId),
  });
  const scriptReady = useLinkScript();
  const [token, setToken] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [missing, setMissing] = useState<string[]>([]);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const fetchStatements = useCallback(async () => {
    setPhase('fetching');
    // PRODUCT_NOT_READY: the bank is still preparing them; asked again every 2 s for up to 2 minutes.
    for (let tries = 0; tries < 60 && alive.current; tries++) {
      let r: Fetch;
      try {
        r = await bankApi.statements(props.applicationId);
      } catch {
        setPhase('failed');
        return;
      }
      props.onFilled();
      if (r.state === 'done') {
        setMissing(r.missing);
        setPhase('done');
        return;
      }
      if (r.state === 'reconnect') {
        setPhase('reconnect');
        return;
      }
      setPhase('still');
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }, [props]);

  const onSuccess = useCallback(
    (publicToken: string | null) => {
      setToken(null);
      if (!publicToken) return;
      void (async () => {
        try {
          await bankApi.exchange(props.applicationId, publicToken);
          await queryClient.invalidateQueries({ queryKey: ['bank', props.applicationId] });
        } catch {
          setPhase('failed');
          return;
        }
        await fetchStatements();
      })();
    },
    [props.applicationId, queryClient, fetchStatements],
  );
  const onExit = useCallback(() => {
    setToken(null);
    setPhase((p) => (p === 'opening' ? 'idle' : p));
  }, []);

  async function connect() {
    setPhase('opening');
    try {
      setToken(await bankApi.linkToken(props.applicationId));
    } catch {
      setPhase('failed');
    }
  }
  async function disconnect() {
    try {
      await bankApi.disconnect(props.applicationId);
      setPhase('disconnected');
    } catch {
      setPhase('failed');
    }
    await queryClient.invalidateQueries({ queryKey: ['bank', props.applicationId] });
  }

  if (!status.data?.available) return null;
  const connected = status.data.connected;
  const busy = phase === 'opening' || phase === 'fetching' || phase === 'still';
  const reconnect = phase === 'reconnect' || (connected && !!status.data.reconnect && phase === 'idle');
  const note =
    phase === 'fetching'
      ? t('documents.bank.fetching')
      : phase === 'still'
        ? t('documents.bank.stillFetching')
        : phase === 'done'
          ? missing.length
            ? t('documents.bank.missing', {
                months: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(missing),
              })
            : t('documents.bank.done')
          : reconnect
            ? t('documents.bank.reconnectNeeded')
            : phase === 'failed'
              ? t('documents.bank.failed')
              : phase === 'disconnected'
                ? t('documents.bank.disconnected')
                : undefined;
  return (
    <section className="bank-connect" aria-labelledby="bank-connect-title">
      <h2 id="bank-connect-title">{t('documents.bank.title')}</h2>
      <p className="muted">{t('documents.bank.lead')}</p>
      {connected ? (
        <p>
          {status.data.institution
            ? t('documents.bank.connected', { institution: status.data.institution })
            : t('documents.bank.connectedUnnamed')}
        </p>
      ) : null}
      <div className="bank-connect-actions">
        {!connected || reconnect ? (
          <Button variant="secondary" busy={busy} disabled={props.disabled || busy} onClick={() => void connect()}>
            {reconnect ? t('documents.bank.reconnect') : t('documents.bank.connect')}
          </Button>
        ) : (
          <Button variant="secondary" disabled={props.disabled || busy} onClick={() => void fetchStatements()}>
            {t('documents.bank.fetchAgain')}
          </Button>
        )}
        {connected ? (
          <Button variant="secondary" disabled={busy} onClick={() => void disconnect()}>
            {t('documents.bank.disconnect')}
          </Button>
        ) : null}
      </div>
      {token && scriptReady ? <LinkLauncher token={token} onSuccess={onSuccess} onExit={onExit} /> : null}
      <p className={busy ? 'loading' : 'muted'} role="status">
        {note ?? ''}
      </p>
    </section>
  );
}

/**
 * Opens Link once its script is there: mounted only after useLinkScript, so react-plaid-link finds the
 * script present and never adds Plaid's own (which the page policy refuses unless configured).
 */
function LinkLauncher(props: { token: string; onSuccess: (publicToken: string | null) => void; onExit: () => void }) {
  const { open, ready } = usePlaidLink({ token: props.token, onSuccess: props.onSuccess, onExit: props.onExit });
  useEffect(() => {
    if (ready) open();
  }, [ready, open]);
  return null;
}
