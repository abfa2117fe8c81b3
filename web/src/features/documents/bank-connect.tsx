// "Connect your bank" on /bank-statements. Its own chunk (React.lazy from the page), with react-plaid-link:
// nothing of it comes with a first visit. The Link script is VITE_PLAID_LINK_URL (plaid-link-url.ts);
// Plaid's own is loaded by react-plaid-link, any other (the local stand-in behind the web server's /plaid)
// is loaded here and stands in for Plaid's.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { usePlaidLink } from 'react-plaid-link';
import { Button } from '../../components/ui/button';
import { useTranslation } from '../../i18n/translation';
import { useMessage } from '../../i18n/use-message';
import { bankStatusQueryOptions } from './bank-api';
import { bankConnectMachine, bankPhase, isBusy, type BankConnectContext, type BankPhase } from './bank-connect.machine';
import { takeOAuthReturn } from './oauth-return';
import { PLAID_LINK_URL, PLAID_STABLE_URL } from './plaid-link-url';

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
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery(bankStatusQueryOptions(props.applicationId));
  const scriptReady = useLinkScript();
  const bank = useActorRef(bankConnectMachine, { input: { applicationId: props.applicationId } });
  const phase = useSelector(bank, bankPhase);
  const token = useSelector(bank, (s) => (s.matches({ opening: 'linking' }) ? s.context.token : undefined));
  const context = useSelector(bank, (s) => s.context);
  const onLinked = useCallback((publicToken: string | null) => bank.send({ type: 'bank.linked', publicToken }), [bank]);
  const onExit = useCallback(() => bank.send({ type: 'bank.exit' }), [bank]);
  const { onFilled } = props;
  useEffect(() => {
    // Back from an OAuth bank: Link is opened again where it left off.
    const back = takeOAuthReturn(props.applicationId, window.location.href);
    if (back) bank.send({ type: 'bank.resume', ...back });
  }, [bank, props.applicationId]);
  useEffect(() => {
    const filled = bank.on('bank.filled', () => onFilled());
    const changed = bank.on(
      'bank.statusChanged',
      () => void queryClient.invalidateQueries({ queryKey: bankStatusQueryOptions(props.applicationId).queryKey }),
    );
    return () => {
      filled.unsubscribe();
      changed.unsubscribe();
    };
  }, [bank, onFilled, queryClient, props.applicationId]);

  if (!status.data?.available) return null;
  if (status.data.notOffered)
    return (
      <section className="bank-connect" aria-labelledby="bank-connect-title">
        <h2 id="bank-connect-title">{t('documents.bank.title')}</h2>
        <p className="muted">{t('documents.bank.notOfferedInCountry')}</p>
      </section>
    );
  const connected = status.data.connected;
  const busy = isBusy(phase);
  // A failed fetch may have asked for the bank again (it shares no account): Reconnect, in Link's update mode.
  const reconnect =
    phase === 'reconnect' || (connected && !!status.data.reconnect && (phase === 'idle' || phase === 'failed'));
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
          <Button
            variant="secondary"
            busy={busy}
            disabled={props.disabled || busy}
            onClick={() => bank.send({ type: 'bank.connect' })}
          >
            {reconnect ? t('documents.bank.reconnect') : t('documents.bank.connect')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            disabled={props.disabled || busy}
            onClick={() => bank.send({ type: 'bank.fetch' })}
          >
            {t('documents.bank.fetchAgain')}
          </Button>
        )}
        {connected ? (
          <Button variant="secondary" disabled={busy} onClick={() => bank.send({ type: 'bank.disconnect' })}>
            {t('documents.bank.disconnect')}
          </Button>
        ) : null}
      </div>
      {token && scriptReady ? (
        <LinkLauncher
          token={token}
          receivedRedirectUri={context.receivedRedirectUri}
          onSuccess={onLinked}
          onExit={onExit}
        />
      ) : null}
      <p className={busy ? 'loading' : 'muted'} role="status">
        <BankNote context={context} phase={phase} reconnect={reconnect} />
      </p>
    </section>
  );
}

/** The phase in words, under the buttons; a refusal the api named by its code is worded by that code. */
function BankNote(props: { context: BankConnectContext; phase: BankPhase; reconnect: boolean }) {
  const { t, i18n } = useTranslation();
  const tm = useMessage();
  const { missing, error } = props.context;
  switch (props.phase) {
    case 'fetching':
      return t('documents.bank.fetching');
    case 'still':
    case 'gaveUp':
      return t('documents.bank.stillFetching');
    case 'done':
      return missing.length
        ? t('documents.bank.missing', {
            months: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(missing),
          })
        : t('documents.bank.done');
  }
  if (props.phase === 'failed' && error) return tm(error);
  if (props.reconnect) return t('documents.bank.reconnectNeeded');
  if (props.phase === 'failed') return t('documents.bank.failed');
  if (props.phase === 'disconnected') return t('documents.bank.disconnected');
  return '';
}

/**
 * Opens Link once its script is there: mounted only after useLinkScript, so react-plaid-link finds the
 * script present and never adds Plaid's own (which the page policy refuses unless configured).
 */
function LinkLauncher(props: {
  token: string;
  receivedRedirectUri?: string;
  onSuccess: (publicToken: string | null) => void;
  onExit: () => void;
}) {
  const { open, ready } = usePlaidLink({
    token: props.token,
    onSuccess: props.onSuccess,
    onExit: props.onExit,
    ...(props.receivedRedirectUri ? { receivedRedirectUri: props.receivedRedirectUri } : {}),
  });
  useEffect(() => {
    if (ready) open();
  }, [ready, open]);
  return null;
}
