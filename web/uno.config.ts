// Design tokens: a warm, food-friendly palette (terracotta, cream, herb) whose text pairings meet WCAG AA.
// brand-600 on white is 5.7:1, ink-600 on cream-100 is 6.2:1, herb-600 on white is 6.4:1.
import { defineConfig, presetWind3 } from 'unocss';
import { theme as wind3Theme } from 'unocss/preset-wind3';

const colors = {
  brand: {
    50: '#fff4ed',
    100: '#fde6d6',
    200: '#f9c8a8',
    300: '#f3a37a',
    400: '#e97c4d',
    500: '#d65f2e',
    600: '#b4401c',
    700: '#9a3412',
    800: '#7c2d12',
    900: '#5c220e',
  },
  cream: { 50: '#fffdf9', 100: '#fff8f1', 200: '#f6e7d8', 300: '#ead3bd' },
  ink: { 400: '#9c8a7e', 500: '#7d6a5e', 600: '#6b5a4e', 700: '#4a3a30', 800: '#3a2b22', 900: '#2b1d16' },
  herb: { 50: '#eef6ee', 100: '#d7ead8', 600: '#2f6b3a', 700: '#245530' },
  saffron: { 100: '#fdecd3', 300: '#f7b267', 500: '#e8912d' },
  danger: { 50: '#fef3f2', 100: '#fde3e0', 600: '#b42318', 700: '#912018' },
};

// A small reset plus the base look: system fonts (the CSP allows only self-hosted fonts), warm page background.
// The home page's hero glows in two soft spots (brand-200 at 40 %, saffron-300 at 30 %, fading out), each a gradient
// in a box of its own size in the section's one background: the blurred discs they replace (`blur-3xl`) were
// rasterised tile by tile between the first paint and its display (raster before the largest paint, 4× CPU
// throttling: 75–81 ms with them, 42–47 ms without; README Performance, "paint to display").
const baseCss = `
*,*::before,*::after{box-sizing:border-box;margin:0;padding:0;border:0 solid ${colors.cream[300]}}
html{-webkit-text-size-adjust:100%;line-height:1.5;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:${colors.ink[900]};background:${colors.cream[100]}}
body{min-height:100vh}
h1,h2,h3,h4{font-size:inherit;font-weight:inherit;line-height:1.2}
a{color:inherit;text-decoration:inherit}
button,input,select,textarea{font:inherit;color:inherit;background:transparent}
button,[role=button]{cursor:pointer}
button:disabled{cursor:not-allowed}
img,svg,picture{display:block;max-width:100%}
ul,ol{list-style:none}
:focus-visible{outline:3px solid ${colors.brand[700]};outline-offset:2px;border-radius:4px}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation-duration:.01ms!important;animation-iteration-count:1!important;transition-duration:.01ms!important;scroll-behavior:auto!important}}
@keyframes ylc-appear{from{opacity:0}to{opacity:1}}
.delayed-appear{animation:ylc-appear .2s ease-out .3s both}
.hero-glow{background:radial-gradient(closest-side,${colors.brand[200]}66,${colors.brand[200]}33 60%,${colors.brand[200]}0d 85%,transparent) right -14rem top -14rem/40rem 40rem no-repeat,radial-gradient(closest-side,${colors.saffron[300]}4d,${colors.saffron[300]}26 55%,${colors.saffron[300]}0a 83%,transparent) left -13rem bottom -16rem/36rem 36rem no-repeat,linear-gradient(to bottom right,${colors.brand[50]},${colors.cream[100]},${colors.saffron[100]})}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border-width:0}
`;

/**
 * Tap targets on phones and touch screens: at least 44 × 44 CSS px (WCAG 2.5.5, Apple's HIG) for every button and
 * every link that stands alone as a control (in a nav, a list or a toolbar), and every label that looks like a button
 * (a file picker's). Links inside a sentence stay as they
 * are, as WCAG allows. Here, not in class strings: one rule reaches every screen, and class strings count against
 * the home page's JavaScript budget. Desktop with a mouse keeps its compact look.
 * Two layers: the display of a standalone link is a default that any utility overrides (`flex`, `block`), so it sits
 * before the utilities; the minimum size must beat compact utilities (`min-h-9`, `.btn-sm`), so it comes after them.
 */
const TOUCH = '(pointer:coarse),(max-width:639.98px)';
const STANDALONE_LINK = 'nav a[href],li a[href]:not(p a),[role=toolbar] a[href]';
const tapDisplayCss = `@media ${TOUCH}{:where(${STANDALONE_LINK}){display:inline-flex;align-items:center}}`;
// `:is()` weighs as much as its heaviest part (an attribute): as much as one class, so it beats `min-h-9` and `.btn-sm`.
// The width only for a control that shows just an icon or a short text: a flex item's min-width replaces its `auto`
// minimum, which would let a labelled button shrink below its text instead of wrapping to the next line.
const TAPPABLE = `:is(button,[role=button],[role=tab],summary,label.btn,${STANDALONE_LINK})`;
const tapSizeCss = `@media ${TOUCH}{${TAPPABLE}{min-height:2.75rem}${TAPPABLE}:not(:has(> :not(svg,.sr-only))){min-width:2.75rem}}`;

/**
 * The parts that utilities compose (transform, ring, shadow, filter, backdrop) are CSS variables that must not leak
 * from parent to child. Wind3 resets all 50 of them on every element (`*,::before,::after{--un-rotate:0;…}`), which
 * made style recalculation of a first paint several times slower. They are registered instead: not inherited, with
 * their start value, so no element carries them unless a utility sets one. Those that start empty are registered
 * without a value and read with an empty fallback (`var(--un-blur,)`, see `postprocess`). Engines without `@property`
 * (Safari before 16.4, Firefox before 128; told apart by features that shipped with it) keep the reset.
 */
const UTILITY_VARIABLES = Object.entries(wind3Theme.preflightBase ?? {}).map(([name, value]) => [name, String(value)] as const);
const EMPTY_START = new Set(UTILITY_VARIABLES.filter(([, value]) => !value.trim()).map(([name]) => name));
const WITHOUT_REGISTERED_PROPERTIES = '((-webkit-hyphens:none) and (not (margin-trim:inline))) or ((-moz-orient:inline) and (not (color:rgb(from red r g b))))';
const utilityVariables =
  UTILITY_VARIABLES.map(([name, value]) => `@property ${name}{syntax:'*';inherits:false${EMPTY_START.has(name) ? '' : `;initial-value:${value}`}}`).join('\n') +
  `\n@supports ${WITHOUT_REGISTERED_PROPERTIES}{*,::before,::after,::backdrop{${UTILITY_VARIABLES.map(([name, value]) => `${name}:${value};`).join('')}}}`;
const emptyStartRead = /var\((--un-[\w-]+)\)/g;

export default defineConfig({
  presets: [presetWind3({ preflight: false })],
  // Plain .ts files too (UnoCSS reads only .tsx and the like by default): class lists such as the booking statuses'
  // tones live in .ts modules, and a class named only there once made no CSS, so the badges showed bare text.
  content: { pipeline: { include: [/\.(tsx?|html)($|\?)/] } },
  theme: { colors },
  layers: { tap: 10 },
  preflights: [{ getCSS: () => utilityVariables }, { getCSS: () => baseCss + tapDisplayCss }, { layer: 'tap', getCSS: () => tapSizeCss }],
  postprocess: (util) => {
    for (const entry of util.entries) {
      if (typeof entry[1] === 'string') entry[1] = entry[1].replace(emptyStartRead, (read, name: string) => (EMPTY_START.has(name) ? `var(${name},)` : read));
    }
  },
  shortcuts: {
    'page-container': 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8',
    btn: 'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors duration-150 select-none whitespace-nowrap disabled:opacity-60 aria-busy:cursor-progress',
    'btn-sm': 'px-3 py-1.5 text-sm min-h-9',
    'btn-md': 'px-5 py-2.5 text-base min-h-11',
    'btn-lg': 'px-7 py-3 text-lg min-h-13',
    'btn-primary': 'bg-brand-600 text-white hover:enabled:bg-brand-700 active:enabled:bg-brand-800',
    'btn-secondary': 'bg-ink-900 text-cream-50 hover:enabled:bg-ink-700',
    'btn-outline': 'border-2 border-brand-600 text-brand-700 bg-white hover:enabled:bg-brand-50',
    'btn-ghost': 'text-ink-900 hover:enabled:bg-cream-200',
    'btn-danger': 'bg-danger-600 text-white hover:enabled:bg-danger-700',
    card: 'rounded-2xl bg-white shadow-sm ring-1 ring-cream-200',
    'link-underline': 'underline underline-offset-3 decoration-brand-300 hover:decoration-brand-600',
    'field-label': 'block text-sm font-semibold text-ink-800 mb-1',
    'field-select':
      'block w-full rounded-xl border border-ink-400 bg-white px-3 py-2.5 text-ink-900 focus-visible:outline-brand-700',
  },
});
