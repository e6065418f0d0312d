// The booking form (PRODUCT "Booking lifecycle"): occasion, place, guests, date and time, dietary needs, notes and
// a message, with the live price breakdown and the cancellation policy. Visitors are asked to sign in on submit and
// keep their draft (sessionStorage, per menu); create and pay carry an Idempotency-Key.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { useLocation, useSearch } from 'wouter';
import { issuesToErrors } from '#shared/field-errors';
import { createBody, OCCASIONS } from '#shared/schemas/bookings.schema';
import { Button } from '../../components/Button';
import { ChipGroup, FieldErrorList, RadioGroup, SelectField, TextAreaField, TextField } from '../../components/Field';
import { GuestCountSelector } from '../../components/GuestCountSelector';
import { LoadError, Loading } from '../../components/LoadState';
import { ApiError, type FieldErrors } from '../../lib/api';
import { client, unwrap } from '../../lib/client';
import { isBookable } from '../../lib/booking-window';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl, type PageProps } from '../../lib/routes';
import { revalidateApi, useApi } from '../../lib/swr';
import { booking } from '../../state/booking';
import { session } from '../../state/session';
import { notify, openSignIn } from '../../state/ui';
import { bookingPaths, payBooking, type BookableMenu, type Booking, type Quote, type Vocabulary } from './bookingsApi';
import { CancellationPolicy } from './CancellationPolicy';
import { DietaryWarning } from './DietaryWarning';
import { availabilityPath, EventDateField, type MenuAvailability } from './EventDateField';
import { clearDraft, draftFromRebook, initialDraft, saveDraft, type BookingDraft } from './draft';

/** Server errors for a field and its sub-fields ("allergens.0.guests" belongs to "allergens"). */
export function errorsFor(errors: FieldErrors, field: string): string[] | undefined {
  const out = Object.entries(errors)
    .filter(([k]) => k === field || k.startsWith(`${field}.`))
    .flatMap(([, v]) => v);
  return out.length ? out : undefined;
}

export function toCreateBody(menuId: number, d: BookingDraft) {
  return {
    menu_id: menuId,
    // Chosen from OCCASIONS; a draft kept from before may hold one since retired, which the server names at the field.
    occasion: d.occasion as (typeof OCCASIONS)[number],
    at_chefs_place: d.at_chefs_place,
    address: d.at_chefs_place ? null : { street: d.street, zip: d.zip, city: d.city },
    guests: d.guests,
    starts_at: d.starts_at ?? '',
    diets: d.diets,
    allergens: d.allergens,
    kitchen_notes: d.kitchen_notes,
    message: d.message,
    rebook_of: d.rebook_of,
  };
}

/** The fields the form places errors at (errorsFor); the server names anything else. */
const FORM_FIELDS = ['occasion', 'at_chefs_place', 'address', 'guests', 'starts_at', 'diets', 'allergens', 'kitchen_notes', 'message'];

export function checkoutTarget(url: string, navigate: (to: string) => void): void {
  if (url.startsWith('/')) navigate(url);
  else window.location.assign(url);
}

export default function BookingBeginPage({ params }: PageProps) {
  const t = useT();
  const menuId = params.menuId ?? '';
  const menu = useApi<{ data: BookableMenu }>(/^\d+$/.test(menuId) ? bookingPaths.menu(menuId) : null);
  const lists = useApi<{ data: Vocabulary }>(bookingPaths.lists, { revalidateIfStale: false });
  // A rebooking after the chef cancelled (?rebook=<booking id>): the form starts from that booking. Only its customer
  // reads it; for anyone else the form starts empty.
  const rebookId = new URLSearchParams(useSearch()).get('rebook') ?? '';
  const source = useApi<{ data: Booking }>(/^\d+$/.test(rebookId) ? bookingPaths.detail(rebookId, 'customer') : null);
  usePageHead({ title: menu.data ? t('booking.title', { menu: menu.data.data.name }) : t('screens.booking') });

  if (menu.error) return <LoadError retry={() => menu.mutate()} text={menu.error.status === 404 ? t('booking.menunotfound') : undefined} />;
  if (!menu.data || (/^\d+$/.test(rebookId) && !source.data && !source.error)) return <Loading />;
  const rebook = source.data?.data.rebook;
  return (
    <BookingForm
      key={`${menuId} ${rebook?.booking_id ?? ''}`}
      menuId={menuId}
      menu={menu.data.data}
      rebook={rebook ? draftFromRebook(rebook) : undefined}
      vocabulary={lists.data?.data ?? null}
      retryVocabulary={lists.error && !lists.data ? () => void lists.mutate() : null}
    />
  );
}

function BookingForm({
  menuId,
  menu,
  rebook,
  vocabulary,
  retryVocabulary,
}: {
  menuId: string;
  menu: BookableMenu;
  /** The fields of a booking the chef cancelled, when this is its rebooking. */
  rebook?: Partial<BookingDraft>;
  vocabulary: Vocabulary | null;
  /** Set when the diet and allergen lists failed to load. */
  retryVocabulary: (() => void) | null;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<BookingDraft>(() => {
    const d = initialDraft(
      menuId,
      {
        guests: booking.expected_guests,
        starts_at: isBookable(booking.date) ? booking.date : null,
        at_chefs_place: booking.at_chefs_place,
      },
      rebook,
    );
    if (d.at_chefs_place && !menu.at_chef) d.at_chefs_place = false;
    if (!d.at_chefs_place && !menu.at_customer && menu.at_chef) d.at_chefs_place = true;
    return d;
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [quote, setQuote] = useState<Quote | null>(null);
  // The date field's read (the same swr key, one request): the chef's zone, whose clocks the terms are read on.
  const availability = useApi<{ data: MenuAvailability }>(availabilityPath(menu.id));
  const [quoteError, setQuoteError] = useState<string | null>(null);

  useEffect(() => saveDraft(menuId, draft), [menuId, draft]);

  const set = <K extends keyof BookingDraft>(key: K, value: BookingDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const guestsInRange = draft.guests >= menu.min_guests && draft.guests <= menu.max_guests;
  useEffect(() => {
    if (!guestsInRange) {
      setQuote(null);
      return;
    }
    const ctrl = new AbortController();
    setQuoteError(null);
    unwrap(client.bookings.quote.$post({ json: { menu_id: menu.id, guests: draft.guests } }, { init: { signal: ctrl.signal } }))
      .then((res) => setQuote(res.data))
      .catch((err: unknown) => {
        if (err instanceof ApiError) setQuoteError(err.message);
      });
    return () => ctrl.abort();
  }, [menu.id, draft.guests, guestsInRange]);

  const occasionOptions = useMemo(
    () => [{ value: '', label: t('booking.chooseoccasion') }, ...OCCASIONS.map((o) => ({ value: o, label: t(`booking.occasions.${o}`) }))],
    [t],
  );
  const placeOptions = [
    ...(menu.at_customer ? [{ value: 'customer' as const, label: t('booking.place.customer') }] : []),
    ...(menu.at_chef ? [{ value: 'chef' as const, label: t('booking.place.chef') }] : []),
  ];

  const submitting = useRef(false);
  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (submitting.current) return;
    if (!session.authenticated) {
      saveDraft(menuId, draft);
      openSignIn(() => void submit());
      return;
    }
    // The server's own check first (address, texts, allergens), in the visitor's language, for the fields this form
    // shows; then what this form says better: an empty date, and this menu's guest range rather than the API's.
    const checked = v.safeParse(createBody, toCreateBody(menu.id, draft));
    const local: FieldErrors = checked.success
      ? {}
      : Object.fromEntries(Object.entries(issuesToErrors(checked.issues)).filter(([key]) => FORM_FIELDS.some((f) => key === f || key.startsWith(`${f}.`))));
    if (!draft.occasion) local.occasion = [t('booking.errors.occasion')];
    if (!draft.starts_at) local.starts_at = [t('booking.errors.startsat')];
    if (!guestsInRange) local.guests = [t('booking.errors.guests', { min: menu.min_guests, max: menu.max_guests })];
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    submitting.current = true;
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      const res = await unwrap(client.bookings.$post({ json: toCreateBody(menu.id, draft), header: { 'idempotency-key': draft.idempotency_key } }));
      clearDraft(menuId);
      const detail = routeUrl('account.bookings.detail', { bookingId: res.data.id });
      if (res.next_action === 'pay') {
        try {
          const pay = await payBooking(res.data.id);
          checkoutTarget(pay.data.checkout_url, navigate);
          return;
        } catch (err) {
          notify({ title: t('booking.payfailed'), message: err instanceof ApiError ? err.message : undefined, type: 'error' });
          navigate(detail);
          return;
        }
      }
      notify({ title: t('booking.requestsent'), type: 'success' });
      navigate(detail);
    } catch (err) {
      if (err instanceof ApiError) {
        // The day was taken meanwhile: the message goes next to the date, and the calendar learns what changed.
        const dayTaken = err.code === 'CHEF_UNAVAILABLE';
        if (dayTaken) void revalidateApi(availabilityPath(menu.id));
        setErrors(dayTaken ? { starts_at: [err.message] } : err.errors);
        setFormError(err.message);
      } else setFormError(t('booking.errors.generic'));
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  }

  const allergenGuests = (key: string) => draft.allergens.find((a) => a.key === key)?.guests;
  const toggleAllergens = (keys: string[]) =>
    set(
      'allergens',
      keys.map((key) => ({ key, guests: allergenGuests(key) ?? 1 })),
    );
  const instant = (quote?.booking_mode ?? menu.booking_mode) === 'instant';

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t('booking.title', { menu: menu.name })}</h1>
      <p className="mt-2 text-ink-600">{instant ? t('booking.instantintro') : t('booking.requestintro')}</p>
      {draft.rebook_of ? (
        <p role="status" className="mt-3 rounded-xl bg-cream-100 px-4 py-3 text-sm" data-testid="rebook-note">
          {t('booking.rebooknote')}
          {draft.rebook_guest_answers ? <> {t('booking.rebookpassport', { count: draft.rebook_guest_answers })}</> : null}
        </p>
      ) : null}
      <form noValidate onSubmit={submit} className="mt-6 grid gap-8 md:grid-cols-[1fr_20rem]">
        <div className="flex flex-col gap-6">
          <SelectField name="occasion" label={t('booking.occasion')} value={draft.occasion} onChange={(v) => set('occasion', v)} options={occasionOptions} errors={errorsFor(errors, 'occasion')} />

          {placeOptions.length > 0 && (
            <RadioGroup
              name="at_chefs_place"
              legend={t('booking.place.label')}
              options={placeOptions}
              value={draft.at_chefs_place ? 'chef' : 'customer'}
              onChange={(v) => set('at_chefs_place', v === 'chef')}
              errors={errorsFor(errors, 'at_chefs_place')}
            />
          )}
          {!draft.at_chefs_place && (
            <fieldset className="grid gap-4 sm:grid-cols-[2fr_1fr_2fr]">
              <legend className="field-label">{t('booking.address.label')}</legend>
              <TextField name="address.street" label={t('booking.address.street')} value={draft.street} onChange={(v) => set('street', v)} autoComplete="street-address" errors={errorsFor(errors, 'address.street') ?? (errors.address ? errors.address : undefined)} />
              <TextField name="address.zip" label={t('booking.address.zip')} value={draft.zip} onChange={(v) => set('zip', v)} autoComplete="postal-code" errors={errorsFor(errors, 'address.zip')} />
              <TextField name="address.city" label={t('booking.address.city')} value={draft.city} onChange={(v) => set('city', v)} autoComplete="address-level2" errors={errorsFor(errors, 'address.city')} />
            </fieldset>
          )}

          <div>
            <GuestCountSelector label={t('booking.guests')} labelVisible value={draft.guests} onChange={(n) => set('guests', n)} />
            <p className="mt-1 text-sm text-ink-600">{t('booking.guestrange', { min: menu.min_guests, max: menu.max_guests })}</p>
            <FieldErrorList name="guests" errors={errorsFor(errors, 'guests') ?? (guestsInRange ? undefined : [t('booking.errors.guests', { min: menu.min_guests, max: menu.max_guests })])} />
          </div>

          <EventDateField menuId={menu.id} value={draft.starts_at} onChange={(iso) => set('starts_at', iso)} errors={errorsFor(errors, 'starts_at')} />

          {!vocabulary ? (
            retryVocabulary ? <LoadError retry={retryVocabulary} text={t('booking.errors.lists')} /> : <Loading />
          ) : (
            <>
              <ChipGroup name="diets" legend={t('booking.diets')} options={vocabulary.diet} value={draft.diets} onChange={(v) => set('diets', v)} errors={errorsFor(errors, 'diets')} size="sm" />
              <ChipGroup
                name="allergens"
                legend={t('booking.allergens')}
                options={vocabulary.allergy}
                value={draft.allergens.map((a) => a.key)}
                onChange={toggleAllergens}
                errors={errorsFor(errors, 'allergens')}
                size="sm"
              />
              {draft.allergens.length > 0 && (
                <ul className="flex flex-col gap-2">
                  {draft.allergens.map((a) => (
                    <li key={a.key}>
                      <TextField
                        name={`allergen-guests-${a.key}`}
                        type="number"
                        min={1}
                        max={draft.guests}
                        label={t('booking.allergenguests', { name: vocabulary.allergy.find((x) => x.key === a.key)?.name ?? a.key })}
                        value={String(a.guests)}
                        onChange={(v) => set('allergens', draft.allergens.map((x) => (x.key === a.key ? { ...x, guests: Math.max(1, Number(v) || 1) } : x)))}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}

          <TextAreaField name="kitchen_notes" label={t('booking.kitchennotes')} hint={t('booking.kitchennoteshint')} value={draft.kitchen_notes} onChange={(v) => set('kitchen_notes', v)} rows={3} errors={errorsFor(errors, 'kitchen_notes')} />
          <TextAreaField name="message" label={t('booking.message')} value={draft.message} onChange={(v) => set('message', v)} rows={4} errors={errorsFor(errors, 'message')} />
        </div>

        <aside className="flex flex-col gap-4">
          <section aria-labelledby="booking-price" className="rounded-2xl bg-white p-4 shadow">
            <h2 id="booking-price" className="text-lg font-semibold">
              {t('booking.price.title')}
            </h2>
            {quote && guestsInRange ? (
              <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-1 text-sm" data-testid="price-breakdown">
                <dt>{t('booking.price.perperson')}</dt>
                <dd>{quote.price_per_person_formatted}</dd>
                <dt>{t('booking.price.subtotal', { guests: draft.guests })}</dt>
                <dd>{quote.subtotal_formatted}</dd>
                <dt>{t('booking.price.servicefee')}</dt>
                <dd>{quote.service_fee_formatted}</dd>
                <dt className="font-semibold">{t('booking.price.total')}</dt>
                <dd className="font-semibold">{quote.total_formatted}</dd>
                {quote.lc_currency !== quote.currency && (
                  <>
                    <dt className="text-ink-600">{t('booking.price.approx', { currency: quote.lc_currency })}</dt>
                    <dd className="text-ink-600">{quote.total_lc_formatted}</dd>
                  </>
                )}
              </dl>
            ) : quoteError ? (
              <p className="mt-2 text-sm text-red-700">{quoteError}</p>
            ) : (
              <p className="mt-2 text-sm text-ink-600">{guestsInRange ? t('common.loading') : t('booking.errors.guests', { min: menu.min_guests, max: menu.max_guests })}</p>
            )}
          </section>
          <CancellationPolicy startsAt={draft.starts_at} timeZone={availability.data?.data.timezone} />
          <DietaryWarning menuId={menu.id} diets={draft.diets} allergens={draft.allergens} />
          {formError && (
            <p role="alert" className="text-sm text-red-700">
              {formError}
            </p>
          )}
          <Button type="submit" loading={busy} fullWidth size="lg">
            {instant ? t('booking.submitinstant') : t('booking.submitrequest')}
          </Button>
        </aside>
      </form>
    </div>
  );
}
