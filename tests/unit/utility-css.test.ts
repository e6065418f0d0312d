// The utilities' CSS variables (web/uno.config.ts): registered as non-inherited properties instead of being reset on
// every element, read with an empty fallback where they start empty, and reset only for engines without @property.
import { createGenerator } from 'unocss';
import { describe, expect, it } from 'vitest';
import config from '../../web/uno.config';

const css = async (classes: string) => (await (await createGenerator(config)).generate(classes, { preflights: true })).css;

describe('utility CSS variables', () => {
  it('are registered, not inherited, with their start value', async () => {
    const out = await css('rotate-45 shadow-sm ring-1 backdrop-blur');
    expect(out).toMatch(/@property --un-rotate\{syntax:'\*';inherits:false;initial-value:0\}/);
    expect(out).toContain("@property --un-ring-color{syntax:'*';inherits:false;initial-value:rgb(147 197 253 / 0.5)}");
    // An empty start has no initial value; its readers fall back to nothing.
    expect(out).toMatch(/@property --un-backdrop-blur\{syntax:'\*';inherits:false\}/);
    expect(out).toContain('var(--un-shadow-inset,)');
    expect(out).toContain('backdrop-filter:var(--un-backdrop-blur,) var(--un-backdrop-brightness,)');
    expect(out).toContain('transform:translateX(var(--un-translate-x))');
  });

  it('are reset on every element only for engines without @property', async () => {
    const out = await css('rotate-45');
    const resets = [...out.matchAll(/([^{}]*)\{--un-rotate:0;/g)].map((m) => m[1]!.trim());
    expect(resets).toEqual(['*,::before,::after,::backdrop']);
    expect(out).toMatch(/@supports [^{]*margin-trim:inline[^{]*\{\*,::before,::after,::backdrop\{--un-rotate:0;/);
  });
});
