// Input of PUT /v1/admin/settings, shared with the admin settings form: fees in basis points, currency rates per
// 1 CHF, launch mode. Any subset may be sent; what is left out stays as it is.
import * as v from 'valibot';

/** 50 %: a higher fee or commission is surely a typo (e.g. 5000 meant as 5 %). */
export const FEE_BP_MAX = 5000;
export const RATE_MAX = 1000;
export const LAUNCH_MODES = ['live', 'prelaunch'] as const;

const bp = (label: string) =>
  v.pipe(
    v.number(`${label} must be a number.`),
    v.integer(`${label} must be a whole number of basis points (500 = 5 %).`),
    v.minValue(0, `${label} cannot be negative.`),
    v.maxValue(FEE_BP_MAX, `${label} can be at most ${FEE_BP_MAX / 100} %.`),
  );

const rate = (code: string) =>
  v.optional(
    v.pipe(
      v.number(`The ${code} rate must be a number.`),
      v.gtValue(0, `The ${code} rate must be more than 0.`),
      v.maxValue(RATE_MAX, `The ${code} rate can be at most ${RATE_MAX}.`),
    ),
  );

export const settingsBody = v.pipe(
  v.strictObject({
    service_fee_bp: v.optional(bp('The service fee')),
    commission_bp: v.optional(bp('The commission')),
    currency_rates: v.optional(
      v.strictObject({
        CHF: v.optional(v.literal(1, 'CHF is the base currency; its rate is always 1.')),
        EUR: rate('EUR'),
        USD: rate('USD'),
        GBP: rate('GBP'),
      }),
    ),
    launch_mode: v.optional(v.picklist(LAUNCH_MODES, `Choose a launch mode: ${LAUNCH_MODES.join(', ')}.`)),
  }),
  v.check((s) => Object.values(s).some((x) => x !== undefined), 'Change at least one setting.'),
);
export type SettingsInput = v.InferOutput<typeof settingsBody>;
