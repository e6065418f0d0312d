// The menu editor (me/menumanagement/:menuId, `new`, and the application's first-menu step): name, description,
// picture, courses, cuisines and diets, guest range, price and price tiers, where the menu is offered and how it
// is booked. The shared schema checks the form before it is sent; the server's `errors` land on the same fields
// (e.g. courses.0.name). Publishing explains what is still missing. Unsaved changes are guarded, and kept across
// the application's steps.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { menuBody } from '#shared/schemas/chef-area.schema';
import { Button, buttonClasses } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { dietContradictions } from '#shared/dietary';
import { unwrap } from '../../lib/client';
import { failureOf, useSchemaForm } from '../../lib/schema-form';
import type { UploadedImage } from '../../lib/upload';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { Badge } from './Badge';
import { CHEF_PATHS, chefMe, setMenuPublished, useRefresh, useVocabulary, type OwnMenu, type OwnProfile } from './chefApi';
import { CheckboxField, ChipGroup, FieldErrorList, FormErrors, RadioGroup, SelectField, TextAreaField, TextField } from '../../components/Field';
import { ImageUploader } from './ImageUploader';
import { MarkdownField } from './MarkdownField';
import {
  COURSE_TYPES,
  draftFromMenu,
  emptyDraft,
  GUESTS_MAX,
  GUESTS_MIN,
  MAX_COURSES,
  MAX_PRICE_TIERS,
  menuCheckText,
  moveItem,
  newCourse,
  newUid,
  sameMenuValue,
  toMenuBody,
  type CourseDraft,
  type MenuDraft,
} from './menuForm';
import { COURSE_TYPE_KEYS, MENU_STATUS_KEYS, publishMissingKey } from './status';
import { FormMessage, LoadError, Loading } from './states';
import { useBusy } from '../../lib/use-busy';

function EditorSection({ title, description, children, testId }: { title: string; description?: string; children: ReactNode; testId?: string }) {
  return (
    <section className="card flex flex-col gap-4 p-5 sm:p-6" data-testid={testId}>
      <div>
        <h2 className="text-lg font-bold text-ink-900">{title}</h2>
        {description ? <p className="mt-1 text-sm text-ink-600">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** What the last save, publish or unpublish came to; a failed save's errors are the form's (at its fields). */
type Notice = { tone: 'error' | 'success'; text: string } | null;

export interface MenuEditorProps {
  chef: OwnProfile;
  menu: OwnMenu | null;
  onSaved?: (menu: OwnMenu, created: boolean) => void;
  /** Inside the application: no publishing panel (the chef is not active yet). */
  embedded?: boolean;
}

export function MenuEditor({ chef, menu, onSaved, embedded = false }: MenuEditorProps) {
  const t = useT();
  const vocabulary = useVocabulary();
  const refresh = useRefresh();
  const [notice, setNotice] = useState<Notice>(null);
  const form = useSchemaForm(
    menuBody,
    (body) => unwrap(menu ? chefMe.menus[':id'].$put({ param: { id: menu.id }, json: body }) : chefMe.menus.$post({ json: body })),
    {
      initial: (): MenuDraft => (menu ? draftFromMenu(menu) : emptyDraft()),
      name: `menu:${menu?.id ?? 'new'}`,
      same: sameMenuValue,
      body: toMenuBody,
      checkText: menuCheckText(t),
      onSuccess: async (res) => {
        await refresh(CHEF_PATHS.menus, CHEF_PATHS.onboarding);
        setNotice({ tone: 'success', text: menu ? t('chefarea.menu.saved') : t('chefarea.menu.created') });
        onSaved?.(res.data, !menu);
      },
    },
  );
  const { values: draft, update: setDraft, dirty, errors, setErrors } = form;
  const [announce, setAnnounce] = useState('');
  const [, run] = useBusy();
  const courseNameRefs = useRef(new Map<string, HTMLInputElement | null>());
  const focusCourse = useRef<string | null>(null);
  const addCourseRef = useRef<HTMLButtonElement>(null);

  const currency = menu?.currency ?? chef.currency;

  useEffect(() => {
    if (!focusCourse.current) return;
    courseNameRefs.current.get(focusCourse.current)?.focus();
    focusCourse.current = null;
  });

  const set = <K extends keyof MenuDraft>(key: K, value: MenuDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setCourse = (uid: string, patch: Partial<CourseDraft>) => setDraft((d) => ({ ...d, courses: d.courses.map((c) => (c.uid === uid ? { ...c, ...patch } : c)) }));
  // Errors of courses are keyed by position, so they no longer fit once the list changes order.
  const clearCourseErrors = () => setErrors(Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith('courses'))));

  const addCourse = () => {
    const course = newCourse(draft.courses.length === 0 ? 'starter' : 'main');
    focusCourse.current = course.uid;
    setDraft((d) => ({ ...d, courses: [...d.courses, course] }));
    setAnnounce(t('chefarea.menu.courseadded', { position: draft.courses.length + 1 }));
  };
  const removeCourse = (index: number) => {
    const before = draft.courses[index - 1];
    setDraft((d) => ({ ...d, courses: d.courses.filter((_, i) => i !== index) }));
    clearCourseErrors();
    setAnnounce(t('chefarea.menu.courseremoved', { position: index + 1 }));
    if (before) focusCourse.current = before.uid;
    else setTimeout(() => addCourseRef.current?.focus());
  };
  const moveCourse = (index: number, delta: -1 | 1) => {
    setDraft((d) => ({ ...d, courses: moveItem(d.courses, index, delta) }));
    clearCourseErrors();
    setAnnounce(t('chefarea.menu.coursemoved', { position: index + delta + 1 }));
  };

  const allergenNames = useMemo(() => new Map((vocabulary.data?.allergy ?? []).map((a) => [a.key, a.name])), [vocabulary.data]);
  const allergenUnion = [...new Set(draft.courses.flatMap((c) => c.allergens))];
  const dietNames = useMemo(() => new Map((vocabulary.data?.diet ?? []).map((d) => [d.key, d.name])), [vocabulary.data]);
  // The server refuses to publish these (shared/dietary.ts); said here as soon as the chef makes the contradiction.
  const contradictions = dietContradictions(draft.diets, draft.courses).map((c) =>
    t('chefarea.menu.errors.dietcontradiction', {
      diet: dietNames.get(c.diet) ?? c.diet,
      allergens: c.allergens.map((k) => allergenNames.get(k) ?? k).join(', '),
      courses: c.courses.map((i) => draft.courses[i]?.name || t('chefarea.menu.coursenumber', { position: i + 1 })).join(', '),
    }),
  );

  /** Saves first when something changed; the publish then explains what is still missing, at the fields it names. */
  async function publish() {
    if (!menu) return;
    setNotice(null);
    if (dirty && !(await form.submit())) return;
    try {
      await setMenuPublished(menu.id, 'publish');
      await refresh(CHEF_PATHS.menus);
      setNotice({ tone: 'success', text: t('chefarea.menu.published') });
    } catch (err) {
      const f = failureOf(err);
      setErrors(f.errors);
      // The menu's publish_missing (refreshed) names the reasons in the chef's language.
      await refresh(CHEF_PATHS.menus);
      setNotice({ tone: 'error', text: f.code === 'MENU_INCOMPLETE' ? t('chefarea.menu.cannotpublish') : f.message });
    }
  }

  async function unpublish() {
    if (!menu) return;
    setNotice(null);
    try {
      await setMenuPublished(menu.id, 'unpublish');
      await refresh(CHEF_PATHS.menus);
      setNotice({ tone: 'success', text: t('chefarea.menu.unpublished') });
    } catch (err) {
      setNotice({ tone: 'error', text: failureOf(err).message });
    }
  }

  const onImage = (image: UploadedImage) => {
    setDraft((d) => ({ ...d, image_id: image.id, image_url: image.url.t512_2x1 ?? null, image_pending: image.status === 'pending' }));
    setErrors(Object.fromEntries(Object.entries(errors).filter(([k]) => k !== 'image_id')));
  };

  // The tiers' errors are said once under the list (two tiers with a bad price share one message).
  const tierErrors = [
    ...new Set(
      Object.entries(errors)
        .filter(([k]) => k === 'price_tiers' || k.startsWith('price_tiers.'))
        .flatMap(([, m]) => m),
    ),
  ];
  const courseOptions = COURSE_TYPES.map((c) => ({ value: c, label: t(COURSE_TYPE_KEYS[c]!) }));
  const status = menu ? (MENU_STATUS_KEYS[menu.status] ?? MENU_STATUS_KEYS.draft!) : null;

  return (
    <form
      {...form.props}
      onSubmit={(event) => {
        setNotice(null);
        form.props.onSubmit(event);
      }}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]"
      data-testid="menu-editor"
    >
      <div className="flex min-w-0 flex-col gap-6">
        <FormErrors errors={form.formErrors} testId="menu-editor-errors" />

        <EditorSection title={t('chefarea.menu.basics')}>
          <TextField errorIcon name="name" label={t('chefarea.menu.name')} value={draft.name} onChange={(v) => set('name', v)} errors={errors.name} maxLength={120} required />
          <MarkdownField
            name="description"
            label={t('chefarea.menu.description')}
            hint={`${t('chefarea.menu.descriptionhint')} ${t('chefarea.menu.contacthint')}`}
            value={draft.description}
            onChange={(v) => set('description', v)}
            errors={errors.description}
            max={4000}
          />
        </EditorSection>

        <EditorSection title={t('chefarea.menu.picture')} description={t('chefarea.menu.picturehint')} testId="menu-picture">
          <ImageUploader
            kind="menu"
            name="image_id"
            label={draft.image_id ? t('chefarea.menu.changepicture') : t('chefarea.menu.choosepicture')}
            currentUrl={draft.image_url}
            onUploaded={onImage}
            errors={errors.image_id}
            testId="menu-image-uploader"
            preview={(url) =>
              url ? (
                <img src={url} alt={t('chefarea.menu.picturealt')} className="aspect-[2/1] w-full max-w-md rounded-xl bg-cream-200 object-cover" />
              ) : (
                <div className="flex aspect-[2/1] w-full max-w-md items-center justify-center rounded-xl bg-gradient-to-br from-cream-200 to-brand-100 text-brand-600">
                  <Icon name="plate" className="h-12 w-12 opacity-70" />
                </div>
              )
            }
          />
          {draft.image_id && menu?.image_id !== draft.image_id ? <p className="text-sm text-ink-700">{t('chefarea.menu.picturesavehint')}</p> : null}
          {draft.image_id && draft.image_pending ? (
            <p className="flex items-start gap-2 text-sm text-ink-700" data-testid="picture-pending">
              <Icon name="info" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
              {t('chefarea.menu.picturepending')}
            </p>
          ) : null}
        </EditorSection>

        <EditorSection title={t('chefarea.menu.courses')} description={`${t('chefarea.menu.courseshint', { min: 3, max: MAX_COURSES })} ${t('chefarea.menu.contacthint')}`} testId="menu-courses">
          <FieldErrorList errorIcon name="courses" errors={errors.courses} />
          <ol className="flex flex-col gap-4">
            {draft.courses.map((course, index) => (
              <li key={course.uid} className="rounded-2xl bg-cream-50 p-4 ring-1 ring-cream-200" data-testid="course">
                <fieldset className="flex flex-col gap-3">
                  <legend className="sr-only">{t('chefarea.menu.coursenumber', { position: index + 1 })}</legend>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-bold text-ink-900" aria-hidden="true">
                      {t('chefarea.menu.coursenumber', { position: index + 1 })}
                    </span>
                    <div className="flex items-center gap-1">
                      <button
                        type="button"
                        className="btn btn-sm btn-ghost"
                        onClick={() => moveCourse(index, -1)}
                        disabled={index === 0}
                        aria-label={t('chefarea.menu.moveup', { position: index + 1 })}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-ghost"
                        onClick={() => moveCourse(index, 1)}
                        disabled={index === draft.courses.length - 1}
                        aria-label={t('chefarea.menu.movedown', { position: index + 1 })}
                      >
                        ↓
                      </button>
                      <button type="button" className="btn btn-sm btn-ghost text-danger-700" onClick={() => removeCourse(index)} aria-label={t('chefarea.menu.removecourse', { position: index + 1 })}>
                        <Icon name="close" className="h-4 w-4" />
                        <span className="hidden sm:inline">{t('chefarea.menu.remove')}</span>
                      </button>
                    </div>
                  </div>
                  <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
                    <SelectField
                      errorIcon
                      name={`courses.${index}.course_type`}
                      label={t('chefarea.menu.coursetype')}
                      value={course.course_type}
                      onChange={(v) => setCourse(course.uid, { course_type: v as CourseDraft['course_type'] })}
                      options={courseOptions}
                      errors={errors[`courses.${index}.course_type`]}
                    />
                    <TextField
                      errorIcon
                      name={`courses.${index}.name`}
                      label={t('chefarea.menu.coursename')}
                      value={course.name}
                      onChange={(v) => setCourse(course.uid, { name: v })}
                      errors={errors[`courses.${index}.name`]}
                      maxLength={120}
                      ref={(el: HTMLInputElement | null) => {
                        courseNameRefs.current.set(course.uid, el);
                      }}
                    />
                  </div>
                  <TextAreaField
                    errorIcon
                    name={`courses.${index}.description`}
                    label={t('chefarea.menu.coursedescription')}
                    value={course.description}
                    onChange={(v) => setCourse(course.uid, { description: v })}
                    errors={errors[`courses.${index}.description`]}
                    rows={2}
                    maxLength={1000}
                  />
                  {vocabulary.data ? (
                    <ChipGroup
                      errorIcon
                      name={`courses.${index}.allergens`}
                      legend={t('chefarea.menu.allergens')}
                      options={vocabulary.data.allergy}
                      value={course.allergens}
                      onChange={(next) => setCourse(course.uid, { allergens: next })}
                      errors={errors[`courses.${index}.allergens`]}
                      size="sm"
                    />
                  ) : null}
                </fieldset>
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap items-center gap-3">
            <button ref={addCourseRef} type="button" className={buttonClasses('outline', 'sm')} onClick={addCourse} disabled={draft.courses.length >= MAX_COURSES}>
              <span aria-hidden="true">+</span> {t('chefarea.menu.addcourse')}
            </button>
            <span className="text-sm text-ink-600">{t('chefarea.menu.coursecount', { count: draft.courses.length, max: MAX_COURSES })}</span>
          </div>
          <p className="sr-only" aria-live="polite">
            {announce}
          </p>
          {allergenUnion.length ? (
            <p className="text-sm text-ink-700" data-testid="allergen-union">
              {t('chefarea.menu.allergenunion', { list: allergenUnion.map((k) => allergenNames.get(k) ?? k).join(', ') })}
            </p>
          ) : null}
        </EditorSection>

        <EditorSection title={t('chefarea.menu.tags')} description={t('chefarea.menu.tagshint')}>
          {vocabulary.error ? <LoadError retry={vocabulary.retry} /> : null}
          {vocabulary.isLoading ? <Loading /> : null}
          {vocabulary.data ? (
            <>
              <ChipGroup errorIcon name="cuisines" legend={t('chefarea.menu.cuisines')} options={vocabulary.data.cuisine} value={draft.cuisines} onChange={(v) => set('cuisines', v)} errors={errors.cuisines} max={10} />
              <ChipGroup errorIcon name="diets" legend={t('chefarea.menu.diets')} options={vocabulary.data.diet} value={draft.diets} onChange={(v) => set('diets', v)} errors={contradictions.length ? contradictions : errors.diets} max={10} />
            </>
          ) : null}
        </EditorSection>

        <EditorSection title={t('chefarea.menu.guestsprice')}>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              errorIcon
              name="min_guests"
              label={t('chefarea.menu.minguests')}
              value={draft.min_guests}
              onChange={(v) => set('min_guests', v)}
              errors={errors.min_guests}
              inputMode="numeric"
              type="number"
              min={GUESTS_MIN}
              max={GUESTS_MAX}
            />
            <TextField
              errorIcon
              name="max_guests"
              label={t('chefarea.menu.maxguests')}
              value={draft.max_guests}
              onChange={(v) => set('max_guests', v)}
              errors={errors.max_guests}
              inputMode="numeric"
              type="number"
              min={GUESTS_MIN}
              max={GUESTS_MAX}
            />
            <TextField
              errorIcon
              name="price_per_person"
              label={t('chefarea.menu.price')}
              value={draft.price}
              onChange={(v) => set('price', v)}
              errors={errors.price_per_person}
              inputMode="decimal"
              suffix={currency}
              hint={t('chefarea.menu.pricehint')}
            />
          </div>
          <fieldset className="flex flex-col gap-3" data-testid="price-tiers">
            <legend className="font-semibold text-ink-900">{t('chefarea.menu.tiers')}</legend>
            <p className="text-sm text-ink-600">{t('chefarea.menu.tiershint')}</p>
            {draft.tiers.map((tier, index) => (
              <div key={tier.uid} className="flex flex-wrap items-end gap-3">
                <TextField
                  errorIcon
                  name={`price_tiers.${index}.min_guests`}
                  label={t('chefarea.menu.tierfrom')}
                  value={tier.min_guests}
                  onChange={(v) => set('tiers', draft.tiers.map((x) => (x.uid === tier.uid ? { ...x, min_guests: v } : x)))}
                  inputMode="numeric"
                  type="number"
                  min={GUESTS_MIN}
                  max={GUESTS_MAX}
                  className="w-36"
                />
                <TextField
                  errorIcon
                  name={`price_tiers.${index}.price_per_person`}
                  label={t('chefarea.menu.tierprice')}
                  value={tier.price}
                  onChange={(v) => set('tiers', draft.tiers.map((x) => (x.uid === tier.uid ? { ...x, price: v } : x)))}
                  inputMode="decimal"
                  suffix={currency}
                  className="w-44"
                />
                <Button variant="ghost" size="sm" onClick={() => set('tiers', draft.tiers.filter((x) => x.uid !== tier.uid))} aria-label={t('chefarea.menu.removetier', { position: index + 1 })}>
                  <Icon name="close" className="h-4 w-4" />
                </Button>
              </div>
            ))}
            <FieldErrorList errorIcon name="price_tiers" errors={tierErrors} />
            <div>
              <Button
                variant="outline"
                size="sm"
                disabled={draft.tiers.length >= MAX_PRICE_TIERS}
                onClick={() => {
                  const last = Number(draft.tiers.at(-1)?.min_guests || draft.min_guests) || GUESTS_MIN;
                  set('tiers', [...draft.tiers, { uid: newUid(), min_guests: String(Math.min(GUESTS_MAX, last + 4)), price: '' }]);
                }}
              >
                <span aria-hidden="true">+</span> {t('chefarea.menu.addtier')}
              </Button>
            </div>
          </fieldset>
        </EditorSection>

        <EditorSection title={t('chefarea.menu.placebooking')}>
          <fieldset className="flex flex-col gap-2">
            <legend className="field-label">{t('chefarea.menu.place')}</legend>
            <CheckboxField errorIcon name="at_customer" label={t('chefarea.menu.atcustomer')} checked={draft.at_customer} onChange={(v) => set('at_customer', v)} errors={errors.at_customer} />
            <CheckboxField errorIcon name="at_chef" label={t('chefarea.menu.atchef')} checked={draft.at_chef} onChange={(v) => set('at_chef', v)} errors={errors.at_chef} />
          </fieldset>
          <RadioGroup
            errorIcon
            name="booking_mode"
            legend={t('chefarea.menu.bookingmode')}
            value={draft.booking_mode}
            onChange={(v) => set('booking_mode', v)}
            errors={errors.booking_mode}
            options={[
              { value: 'request', label: t('chefarea.menu.request'), description: t('chefarea.menu.requesthint') },
              { value: 'instant', label: t('chefarea.menu.instant'), description: t('chefarea.menu.instanthint') },
            ]}
          />
        </EditorSection>
      </div>

      <aside className="flex flex-col gap-4 lg:sticky lg:top-4 lg:self-start" aria-label={t('chefarea.menu.actions')}>
        <div className="card flex flex-col gap-3 p-5">
          {status ? (
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm text-ink-700">{t('chefarea.menus.statuslabel')}</span>
              <Badge tone={status.tone} testId="menu-status">
                {t(status.label)}
              </Badge>
            </div>
          ) : null}
          {dirty ? <p className="text-sm font-semibold text-brand-800">{t('chefarea.menu.unsaved')}</p> : null}
          <Button type="submit" loading={form.busy} fullWidth>
            {menu ? t('chefarea.menu.save') : t('chefarea.menu.create')}
          </Button>
          {menu && !embedded ? (
            menu.status === 'published' ? (
              <Button variant="outline" fullWidth onClick={() => run(unpublish)}>
                {t('chefarea.menus.unpublish')}
              </Button>
            ) : (
              <Button variant="secondary" fullWidth onClick={() => run(publish)}>
                {t('chefarea.menus.publish')}
              </Button>
            )
          ) : null}
          {menu?.status === 'published' && chef.uri ? (
            <a href={routeUrl('chefs.menu', { uri: chef.uri, menuId: menu.id })} target="_blank" rel="noopener" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 link-underline">
              {t('chefarea.menu.viewpublic')} <Icon name="external" className="h-4 w-4" />
              <span className="sr-only">({t('common.opensnewtab')})</span>
            </a>
          ) : null}
          {/* What came of saving or publishing shows under the buttons: on a phone they sit at the end of the form,
              far below its top, and a note up there went unseen. */}
          {notice ? (
            <FormMessage tone={notice.tone} testId="menu-editor-message">
              <p className="font-semibold">{notice.text}</p>
            </FormMessage>
          ) : null}
        </div>
        {menu && !embedded && menu.status !== 'published' ? (
          <div className="card p-5" data-testid="publish-checklist">
            <h2 className="font-bold text-ink-900">{t('chefarea.menu.readiness')}</h2>
            {menu.publish_missing.length ? (
              <ul className="mt-2 flex flex-col gap-1.5 text-sm">
                {menu.publish_missing.map((code) => (
                  <li key={code} className="flex items-start gap-2 text-ink-800">
                    <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                    {t(publishMissingKey(code, chef))}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 flex items-center gap-2 text-sm text-herb-700">
                <Icon name="check" className="h-4 w-4" /> {t('chefarea.menu.ready')}
              </p>
            )}
            {dirty ? <p className="mt-2 text-xs text-ink-600">{t('chefarea.menu.readinesssaved')}</p> : null}
          </div>
        ) : null}
      </aside>
    </form>
  );
}
