// The chef's language picker: every language offered by its name in the visitor's language, once each.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LanguagePicker } from '../../web/src/features/chef-area/LanguagePicker';
import { renderFresh, setupChefTests } from './chef-fixtures';

setupChefTests();

describe('language picker', () => {
  it('lists names, never codes, each once', () => {
    renderFresh('/account/me/chefprofile', <LanguagePicker value={['de']} onChange={() => undefined} />);
    const labels = Array.from((screen.getByLabelText('Another language') as HTMLSelectElement).options)
      .slice(1)
      .map((o) => o.textContent!);
    expect(labels.length).toBeGreaterThan(100);
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
    expect(labels.filter((l) => /^[A-Z]{2}$/.test(l))).toEqual([]);
    expect(labels).toContain('Akan');
    expect(labels).toContain('Japanese');
  });
});
