import { useEffect, useRef, type ComponentProps } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import {
  NumberFormatBase,
  getNumericCaretBoundary,
  numericFormatter,
  removeNumericFormat,
  type ChangeMeta,
} from 'react-number-format';
import { NUMBER_KINDS, parseLocaleNumber, type NumberKind } from '@portal/libs';
import { numberInputFor, numberText } from '../../i18n/number-input';
import type { Language } from '../../i18n/i18n';
import { useLanguage } from '../../i18n/use-language';
import { Field } from '../ui/field';

/** Marks a text the parser refused: it is shown as typed, never reformatted into a number it may not be. */
const RAW = '\u0000';

/** react-number-format reads its own default change for a whole value when none is given (its types say none). */
const NO_CHANGE = undefined as unknown as ChangeMeta;

/** A number as react-number-format's numeric string: plain digits, '.' before the decimals, cents as two. */
const numericString = (n: number, kind: NumberKind) =>
  kind === 'money' && !Number.isInteger(n)
    ? n.toFixed(2)
    : n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });

/**
 * The input's behaviour for react-number-format's NumberFormatBase: its numeric format (Intl's separators,
 * the symbol's place) for digits and the language's decimal separator as they are typed, and the libs
 * parser (parseLocaleNumber) for anything else typed, pasted or filled in. What the parser refuses is kept
 * as typed, so its message shows beside the very text it is about, and nothing is guessed.
 */
export function numberInputBehaviour(lng: Language, kind: NumberKind) {
  const fmt = numberInputFor(lng, kind);
  const read = (text: string) => parseLocaleNumber(text, lng, NUMBER_KINDS[kind]);
  const isRefused = (text: string) => text.trim() !== '' && typeof read(text) === 'string';
  /** The whole text, through the parser: a number, or the text itself marked as refused. */
  const judged = (text: string) => {
    if (text.trim() === '') return '';
    const n = read(text);
    return typeof n === 'number' ? numericString(n, kind) : RAW + text;
  };
  const typedByLibrary = (typed: string) =>
    /^\d*$/.test(typed) || (typed === fmt.decimalSeparator && NUMBER_KINDS[kind].maxDecimals > 0);
  /**
   * The library's reading of a key typed, unless it holds more decimals than the field takes: the library
   * would cut them ('450,000' typed in French became 450,00 $, saved as 450), so the parser judges it.
   */
  const byLibrary = (input: string, change: ChangeMeta) => {
    const numStr = removeNumericFormat(input, change, fmt);
    const decimals = numStr.split('.')[1] ?? '';
    return decimals.length > NUMBER_KINDS[kind].maxDecimals ? judged(input) : numStr;
  };
  // A share above 100% means nothing: what is typed is capped at 100.
  const cap = (numStr: string) => (kind === 'percent' && Number(numStr) > 100 ? '100' : numStr);
  return {
    format: (numStr: string) => (numStr.startsWith(RAW) ? numStr.slice(1) : numericFormatter(numStr, fmt)),
    removeFormatting: (input: string, change?: ChangeMeta) => {
      if (!change) return isRefused(input) ? RAW + input : removeNumericFormat(input, NO_CHANGE, fmt);
      if (isRefused(change.lastValue)) return cap(judged(input));
      const typed = input.slice(change.to.start, change.to.end);
      return cap(typedByLibrary(typed) ? byLibrary(input, change) : judged(input));
    },
    getCaretBoundary: (shown: string) =>
      isRefused(shown) ? Array.from({ length: shown.length + 1 }, () => true) : getNumericCaretBoundary(shown, fmt),
    isValidInputCharacter: (c: string) => c === fmt.decimalSeparator || /^\d$/.test(c),
    /** What the empty input shows: '$0' or '0 $'. */
    placeholder: numberText(0, lng, kind),
  };
}

type InputProps = Omit<
  ComponentProps<typeof Field>,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'type' | 'defaultValue'
>;

/**
 * An amount, a percentage or a score bound to the form, typed and shown the way the applicant's language
 * writes it ('450 000,50 $' in French, '$450,000.50' in English). The form holds the text shown; the page
 * reads it with parseLocaleNumber (localeNumberRules to judge it, the number to send it).
 */
export function LocaleNumberField<T extends FieldValues>({
  control,
  name,
  kind,
  ...input
}: { control: Control<T>; name: FieldPath<T>; kind: NumberKind } & InputProps) {
  const lng = useLanguage();
  const { field, fieldState } = useController({ control, name });
  const text = (field.value as string | undefined) ?? '';
  const behaviour = numberInputBehaviour(lng, kind);

  // The language changed with a number in the field: the same number, written the new language's way.
  const { onChange } = field;
  const shownIn = useRef(lng);
  useEffect(() => {
    if (shownIn.current === lng) return;
    const n = parseLocaleNumber(text, shownIn.current, NUMBER_KINDS[kind]);
    shownIn.current = lng;
    if (typeof n === 'number' && text.trim() !== '') onChange(numberText(n, lng, kind));
  }, [lng, kind, text, onChange]);

  return (
    <NumberFormatBase<ComponentProps<typeof Field>>
      {...input}
      customInput={Field}
      type="text"
      inputMode={input.inputMode ?? (NUMBER_KINDS[kind].maxDecimals ? 'decimal' : 'numeric')}
      placeholder={input.placeholder ?? (kind === 'money' ? behaviour.placeholder : undefined)}
      name={field.name}
      getInputRef={field.ref}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      value={text}
      valueIsNumericString={false}
      format={behaviour.format}
      removeFormatting={behaviour.removeFormatting}
      getCaretBoundary={behaviour.getCaretBoundary}
      isValidInputCharacter={behaviour.isValidInputCharacter}
      onValueChange={(values) => {
        if (values.formattedValue !== text) field.onChange(values.formattedValue);
      }}
    />
  );
}
