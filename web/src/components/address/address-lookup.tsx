import { createContext, useContext, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/translation';
import {
  foundAddress,
  LOOKUP_COUNTRIES,
  type AddressProvider,
  type AddressSuggestion,
  type FoundAddress,
} from './address';
import { configuredAddressProvider } from './google-provider';

/** The provider the lookups use; tests and stories supply their own. */
export const AddressProviderContext = createContext<AddressProvider | undefined>(configuredAddressProvider());

/**
 * The address lookup: suggestions as the applicant types; choosing one fills street, city, state,
 * zip and country. It stays in its typing state (Enter does nothing, so the form is not sent half-done)
 * until a place with a location and a formatted address is chosen. Without a provider it is not shown
 * and the address fields are typed by hand.
 */
export function AddressLookup({ label, onFound }: { label: string; onFound: (a: FoundAddress) => void }) {
  const { t } = useTranslation();
  const provider = useContext(AddressProviderContext);
  const id = useId();
  const [text, setText] = useState('');
  const [typing, setTyping] = useState(false);
  const [found, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState('');
  const asked = useRef(0);

  const asking = !!provider && typing && text.trim().length >= 3;
  const suggestions = asking ? found : [];

  useEffect(() => {
    if (!asking) return;
    const ask = ++asked.current;
    const timer = setTimeout(() => {
      provider
        .suggest(text, LOOKUP_COUNTRIES)
        .then((list) => {
          if (ask !== asked.current) return;
          setSuggestions(list);
          setActive(-1);
        })
        .catch(() => ask === asked.current && setError(t('address.lookupFailed')));
    }, 200);
    return () => clearTimeout(timer);
  }, [asking, provider, text, t]);

  if (!provider) return null;
  const lookup = provider;

  async function choose(s: AddressSuggestion) {
    setSuggestions([]);
    setText(s.label);
    try {
      const address = foundAddress(await lookup.details(s.id));
      if (!address) {
        setError(t('address.notAnAddress'));
        return;
      }
      setText(address.formattedAddress);
      setTyping(false);
      setError('');
      onFound(address);
    } catch {
      setError(t('address.lookupFailed'));
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' && suggestions.length) {
      e.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (e.key === 'ArrowUp' && suggestions.length) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (e.key === 'Escape') {
      setSuggestions([]);
    } else if (e.key === 'Enter' && typing) {
      e.preventDefault();
      const pick = suggestions[active];
      if (pick) void choose(pick);
    }
  }

  const listId = `${id}-list`;
  return (
    <div className={`field address-lookup${error ? ' has-error' : ''}`} data-typing={typing || undefined}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder={t('address.placeholder')}
        aria-expanded={suggestions.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setTyping(true);
          setError('');
        }}
        onKeyDown={onKeyDown}
      />
      {suggestions.length ? (
        <ul className="address-suggestions" role="listbox" id={listId}>
          {suggestions.map((s, i) => (
            <li
              key={s.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                void choose(s);
              }}
            >
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <div className="field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
