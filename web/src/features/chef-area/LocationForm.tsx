// Where the chef is based and cooks: address, home region, travel radius, and the regions served. The list of
// regions within the radius is previewed as it changes (POST /v1/chefs/me/regions/derive, straight-line distance,
// no map) and the chef can leave single places out before saving (PUT /v1/chefs/me and /v1/chefs/me/regions).
// Unsaved changes are guarded, and kept across the application's steps.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { DEFAULT_DRIVING_DISTANCE } from '#shared/schemas/locations.schema';
import { chefLocationBody, TRAVEL_RADIUS_MAX, TRAVEL_RADIUS_MIN } from '#shared/schemas/chef-area.schema';
import { Button } from '../../components/Button';
import { RegionSelector } from '../../components/RegionSelector';
import { Spinner } from '../../components/Spinner';
import { unwrap, type Region } from '../../lib/client';
import { formatNumber } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { regionLabel } from '../../lib/region';
import { CHEF_PATHS, chefMe, useRefresh, type DerivedRegions, type OwnProfile } from './chefApi';
import { FieldErrorList, FormErrors, TextField } from '../../components/Field';
import { failureOf, useSchemaForm } from '../../lib/schema-form';
import { FormMessage } from './states';

const DERIVE_DELAY_MS = 300;

export function LocationForm({ chef, onSaved, submitLabel }: { chef: OwnProfile; onSaved?: () => void; submitLabel?: string }) {
  const t = useT();
  const locale = useLocale();
  const home = chef.home_region?.data;
  const [derived, setDerived] = useState<DerivedRegions | null>(null);
  const refresh = useRefresh();
  const form = useSchemaForm(
    chefLocationBody,
    async ({ regions, ...where }) => {
      await unwrap(chefMe.$put({ json: where }));
      await unwrap(chefMe.regions.$put({ json: { regions } }));
    },
    {
      initial: () => ({
        address: chef.address,
        region: (home ? { ...home, zip: home.zip ?? '' } : null) as Region | null,
        travel_radius_km: chef.travel_radius_km || DEFAULT_DRIVING_DISTANCE,
        // Places within the radius the chef leaves out, in ascending order.
        excluded: [] as number[],
      }),
      name: 'location',
      body: ({ address, region, travel_radius_km }) => ({ address, home_region_id: region?.id ?? null, travel_radius_km, regions: selected.map((r) => r.id) }),
      // What this step needs before the chef can apply, beyond what the API accepts.
      check: ({ address, region }) => ({
        ...(address.trim() ? {} : { address: [t('chefarea.location.errors.address')] }),
        ...(region ? {} : { home_region_id: [t('chefarea.location.errors.region')] }),
        ...(region && derived && selected.length === 0 ? { regions: [t('chefarea.location.errors.regions')] } : {}),
      }),
      onSuccess: async () => {
        await refresh(CHEF_PATHS.me, CHEF_PATHS.onboarding);
        onSaved?.();
      },
    },
  );
  const { region, travel_radius_km: radius } = form.values;
  const excluded: Set<number> = useMemo(() => new Set(form.values.excluded), [form.values.excluded]);
  const { set: setField, setBase, errors } = form;
  const [deriving, setDeriving] = useState(false);
  const [deriveError, setDeriveError] = useState<string | null>(null);
  const radiusId = useId();
  const regionErrorId = useId();
  // The saved selection applies to the first preview of the saved region and radius only.
  const savedSelection = useRef<Set<number> | null>(chef.regions.data.length ? new Set(chef.regions.data.map((r) => r.id)) : null);
  const firstPreview = useRef(true);

  useEffect(() => {
    if (!region) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setDeriving(true);
      setDeriveError(null);
      unwrap(chefMe.regions.derive.$post({ json: { region_id: region.id, travel_radius_km: radius } }, { init: { signal: controller.signal } }))
        .then((res) => {
          setDerived(res);
          const saved = savedSelection.current;
          const first = firstPreview.current;
          savedSelection.current = null;
          firstPreview.current = false;
          const isSaved = saved && region.id === chef.home_region_id && radius === chef.travel_radius_km;
          // The saved selection is the saved state (changes kept from before stay on top of it); a new region or
          // radius starts with every place in reach, except that a kept draft's first preview keeps its choices.
          if (isSaved) setBase({ excluded: res.data.filter((r) => !saved.has(r.id)).map((r) => r.id).sort((a, b) => a - b) });
          else if (!first) setField('excluded', []);
        })
        .catch((err: unknown) => {
          if (err instanceof DOMException && err.name === 'AbortError') return;
          setDeriveError(failureOf(err).message);
        })
        .finally(() => setDeriving(false));
    }, DERIVE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [region, radius, chef.home_region_id, chef.travel_radius_km, t, setBase, setField]);

  const selected: DerivedRegions['data'] = useMemo(() => (derived ? derived.data.filter((r) => !excluded.has(r.id)) : []), [derived, excluded]);

  const toggle = (id: number) => form.update(({ excluded: prev }) => ({ excluded: prev.includes(id) ? prev.filter((x) => x !== id) : [...prev, id].sort((a, b) => a - b) }));

  return (
    <form {...form.props} className="flex flex-col gap-5" data-testid="location-form">
      <TextField errorIcon {...form.field('address')} label={t('chefarea.location.address')} hint={t('chefarea.location.addresshint')} autoComplete="street-address" maxLength={300} />
      <div>
        <RegionSelector
          label={t('chefarea.location.homeregion')}
          value={region}
          onChange={(value) => setField('region', value)}
          name="home_region_id"
          errorId={errors.home_region_id?.length ? regionErrorId : undefined}
        />
        <p className="mt-1 text-sm text-ink-600">{t('chefarea.location.homeregionhint')}</p>
        <div aria-live="polite">
          <FieldErrorList errorIcon id={regionErrorId} name="home_region_id" errors={errors.home_region_id} />
        </div>
      </div>
      <div>
        <label htmlFor={radiusId} className="field-label">
          {t('chefarea.location.radius')}
        </label>
        <div className="flex items-center gap-4">
          <input
            id={radiusId}
            name="travel_radius_km"
            type="range"
            min={TRAVEL_RADIUS_MIN}
            max={TRAVEL_RADIUS_MAX}
            step={1}
            value={radius}
            onChange={(e) => setField('travel_radius_km', Number(e.target.value))}
            aria-valuetext={t('chefarea.location.km', { km: radius })}
            aria-describedby={errors.travel_radius_km?.length ? `${radiusId}-hint ${radiusId}-error` : `${radiusId}-hint`}
            aria-invalid={errors.travel_radius_km?.length ? true : undefined}
            className="flex-1 accent-brand-600"
          />
          <output htmlFor={radiusId} className="w-20 text-right font-bold tabular-nums text-ink-900">
            {t('chefarea.location.km', { km: radius })}
          </output>
        </div>
        <p id={`${radiusId}-hint`} className="mt-1 text-sm text-ink-600">
          {t('chefarea.location.radiushint')}
        </p>
        <FieldErrorList errorIcon id={`${radiusId}-error`} name="travel_radius_km" errors={errors.travel_radius_km} />
      </div>

      <section aria-labelledby={`${radiusId}-served`} className="rounded-2xl bg-cream-50 p-4 ring-1 ring-cream-200" data-testid="regions-preview">
        <h3 id={`${radiusId}-served`} className="font-bold text-ink-900">
          {t('chefarea.location.served')}
        </h3>
        <div aria-live="polite" className="mt-1">
          {!region ? (
            <p className="text-ink-700">{t('chefarea.location.pickregionfirst')}</p>
          ) : deriving && !derived ? (
            <p className="flex items-center gap-2 text-ink-700">
              <Spinner className="h-4 w-4" /> {t('chefarea.location.deriving')}
            </p>
          ) : deriveError ? (
            <p className="text-danger-700">{deriveError}</p>
          ) : derived ? (
            <p className="text-ink-800" data-testid="regions-count">
              {t('chefarea.location.count', { count: selected.length, km: derived.travel_radius_km })}
              {deriving ? <Spinner className="ml-2 inline h-4 w-4 text-brand-700" /> : null}
            </p>
          ) : null}
        </div>
        {derived?.truncated ? <p className="mt-1 text-sm text-ink-700">{t('chefarea.location.truncated', { max: derived.data.length })}</p> : null}
        <p className="mt-1 text-xs text-ink-600">{t('chefarea.location.straightline')}</p>
        {derived && derived.data.length ? (
          <details className="mt-3">
            <summary className="cursor-pointer font-semibold text-brand-700">{t('chefarea.location.showlist')}</summary>
            <fieldset className="mt-2">
              <legend className="sr-only">{t('chefarea.location.served')}</legend>
              <ul className="grid max-h-72 gap-1 overflow-y-auto pr-2 sm:grid-cols-2">
                {derived.data.map((r) => (
                  <li key={r.id}>
                    <label className="flex items-center gap-2 text-sm text-ink-800">
                      <input type="checkbox" checked={!excluded.has(r.id)} onChange={() => toggle(r.id)} className="h-4 w-4 accent-brand-600" />
                      <span className="flex-1">{regionLabel(r)}</span>
                      <span className="tabular-nums text-ink-600">{t('chefarea.location.km', { km: formatNumber(r.distance_km, locale, r.distance_km < 10 ? 1 : 0) })}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          </details>
        ) : null}
        <FieldErrorList errorIcon name="regions" errors={errors.regions} />
      </section>

      <FormErrors errors={form.formErrors} />
      {/* Until the next change: what is saved now. */}
      {form.sent && !form.dirty ? <FormMessage tone="success">{t('chefarea.location.saved', { count: selected.length })}</FormMessage> : null}
      <div>
        <Button type="submit" loading={form.busy} disabled={Boolean(region) && !derived}>
          {submitLabel ?? t('chefarea.common.save')}
        </Button>
      </div>
    </form>
  );
}
