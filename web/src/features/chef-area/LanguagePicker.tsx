// The languages a chef speaks (ISO 639-1 codes, named in the visitor's language with Intl.DisplayNames): the usual
// ones as chips, any other from a list.
import { useCallback, useMemo } from 'react';
import { LANGUAGE_CODES } from '#shared/schemas/chef-area.schema';
import { languageName } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { ChipGroup, SelectField } from '../../components/Field';

/** Offered as chips first: the languages of the markets plus the most asked-for ones. */
const COMMON = ['de', 'fr', 'it', 'en', 'es', 'pt', 'rm'];
const MAX_LANGUAGES = 20;

export function useLanguageName(): (code: string) => string {
  const locale = useLocale();
  return useCallback((code: string) => languageName(code, locale), [locale]);
}

export function LanguagePicker({ value, onChange, errors }: { value: readonly string[]; onChange: (next: string[]) => void; errors?: readonly string[] | undefined }) {
  const t = useT();
  const nameOf = useLanguageName();
  const chips = [...new Set([...COMMON, ...value])].map((key) => ({ key, name: nameOf(key) }));
  // Names, once each: a code the browser cannot name (languageName falls back to the code) is not offered, and two
  // codes with one name (Akan: ak and tw) are offered once, under the first.
  const others = useMemo(() => {
    const byName = new Map<string, string>();
    for (const c of LANGUAGE_CODES) {
      const label = nameOf(c);
      if (!COMMON.includes(c) && label !== c.toUpperCase() && !byName.has(label)) byName.set(label, c);
    }
    return [...byName].map(([label, value]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [nameOf]);
  return (
    <div className="flex flex-col gap-3">
      <ChipGroup errorIcon name="languages" legend={t('chefarea.profile.languages')} options={chips} value={value} onChange={onChange} errors={errors} max={MAX_LANGUAGES} />
      <SelectField
        errorIcon
        name="language-add"
        label={t('chefarea.profile.addlanguage')}
        value=""
        onChange={(code) => code && !value.includes(code) && onChange([...value, code])}
        options={[{ value: '', label: t('chefarea.profile.chooselanguage') }, ...others.filter((o) => !value.includes(o.value))]}
        className="max-w-xs"
        disabled={value.length >= MAX_LANGUAGES}
      />
    </div>
  );
}
