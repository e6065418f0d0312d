// Admin chef details (ylcadmin.chefs.detail): the decision panel (the status actions the chef's status allows,
// reject with the reason the chef reads, block after a confirmation) and the tier, then the application itself.
// A refused action shows the server's reason next to the buttons; a wrong field shows under that field.
import { useState } from 'react';
import { Link } from 'wouter';
import { isWithoutBody, type ChefActionBody } from '#shared/schemas/admin.chefs.schema';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/Field';
import { StatementList } from '../../components/StatementList';
import { Empty, LoadError, Loading } from '../../components/LoadState';
import { tk, useT } from '../../lib/i18n';
import { routeUrl, type PageProps } from '../../lib/routes';
import { useApi } from '../../lib/swr';
import { ChefApplication } from './ChefApplication';
import { ChefCancellations } from './ChefCancellations';
import { ChefStatusBadges } from './ChefStatusBadges';
import { ChefStatusDialog, type AskingAction } from './ChefStatusDialog';
import { CHEF_STATUS_KEYS, CHEF_TIER_KEYS, CHEF_TIERS, CHEFS_PATHS, chefName, chefsApi, type AdminChefDetail, type ChefAdminAction, type ChefTierName } from './ChefsApi';
import { ActionError, AdminPage, AdminSection, Badge, useAdminAction } from './parts';
import { notify } from '../../state/ui';

export default function AdminChefPage({ params }: PageProps) {
  const t = useT();
  const { data, error, mutate } = useApi<{ data: AdminChefDetail }>(CHEFS_PATHS.chef(params.chefId ?? ''));
  const chef = data?.data;
  const back = { href: routeUrl('ylcadmin.chefs'), label: t('admin.chefs.back') };

  if (!chef) {
    return (
      <AdminPage title={t('screens.admin.chefdetail')} back={back}>
        {error?.status === 404 ? <Empty text={t('admin.chefs.notfound')} /> : error ? <LoadError retry={() => mutate()} /> : <Loading />}
      </AdminPage>
    );
  }
  const name = chefName(chef);
  return (
    <AdminPage
      title={name}
      back={back}
      badges={
        <>
          <ChefStatusBadges status={chef.status_name} tier={chef.tier} verified={chef.is_verified} />
          {chef.user.disabled ? <Badge tone="bad">{t('admin.chefs.accountdisabled')}</Badge> : null}
        </>
      }
      actions={
        <>
          <Link href={routeUrl('ylcadmin.users.detail', { userId: chef.user.id })} className="text-sm font-semibold text-brand-700 link-underline">
            {t('admin.chefs.useraccount')}
          </Link>
          {chef.status_name === 'Active' ? (
            <a href={routeUrl('chefs.profile', { uri: chef.uri })} target="_blank" rel="noreferrer" className="text-sm font-semibold text-brand-700 link-underline">
              {t('admin.chefs.publicprofile')}
            </a>
          ) : null}
        </>
      }
    >
      <DecisionPanel chef={chef} name={name} refresh={() => mutate()} />
      <ChefCancellations cancellations={chef.cancellations} />
      <ChefApplication chef={chef} />
      <AdminSection title={t('statements.title')} testId="statements-section">
        <StatementList path={CHEFS_PATHS.statements(chef.id)} />
      </AdminSection>
    </AdminPage>
  );
}

/** What the screen says after each status action (the server's sentence is for logs and API clients). */
const ACTION_DONE: Record<ChefAdminAction, string> = {
  approve: tk('admin.chefs.done.approve'),
  reject: tk('admin.chefs.done.reject'),
  pause: tk('admin.chefs.done.pause'),
  resume: tk('admin.chefs.done.resume'),
  ban: tk('admin.chefs.done.ban'),
  unban: tk('admin.chefs.done.unban'),
};
const ACTION_BUTTONS: Record<ChefAdminAction, { label: string; variant: 'primary' | 'outline' | 'danger' }> = {
  approve: { label: tk('admin.chefs.decision.approve'), variant: 'primary' },
  reject: { label: tk('admin.chefs.decision.reject'), variant: 'outline' },
  pause: { label: tk('admin.chefs.decision.pause'), variant: 'outline' },
  resume: { label: tk('admin.chefs.decision.resume'), variant: 'primary' },
  ban: { label: tk('admin.chefs.decision.ban'), variant: 'danger' },
  unban: { label: tk('admin.chefs.decision.unban'), variant: 'outline' },
};

/** Reject and pause need a reason, and block asks first (pause and block with the upcoming bookings); the others run at once. */

function DecisionPanel({ chef, name, refresh }: { chef: AdminChefDetail; name: string; refresh: () => unknown }) {
  const t = useT();
  const act = useAdminAction(refresh);
  const [asking, setAsking] = useState<AskingAction | null>(null);
  // Bookings the admin chose to cancel that changed meanwhile and stayed as they were.
  const [notCancelled, setNotCancelled] = useState<{ id: number; message?: string }[]>([]);
  const [tier, setTier] = useState<ChefTierName>(chef.tier);
  const [tierFor, setTierFor] = useState(chef.tier);
  // A reload that brings another tier (this admin's save or someone else's) resets the choice.
  if (tierFor !== chef.tier) {
    setTierFor(chef.tier);
    setTier(chef.tier);
  }

  const start = (action: ChefAdminAction) => {
    act.clear();
    setNotCancelled([]);
    if (isWithoutBody(action)) void act.run('status', () => chefsApi.actWithoutBody(chef.id, action).then(() => t(ACTION_DONE[action])));
    else setAsking(action);
  };

  // The dialog sends and shows its own refusals; once done, the chef's page tells and reloads.
  const done = (action: AskingAction, r: Awaited<ReturnType<typeof chefsApi.act>>) => {
    setNotCancelled(r.data.bookings.filter((b) => !b.cancelled));
    setAsking(null);
    notify({ type: 'success', title: t(ACTION_DONE[action]) });
    return refresh();
  };

  return (
    <AdminSection title={t('admin.chefs.decision.title')} testId="decision-section">
      {chef.status_name === 'OnboardingFailed' && chef.rejection_reason ? (
        <p className="mb-3 text-sm text-ink-800" data-testid="rejection-reason">
          {t('admin.chefs.decision.rejection', { reason: chef.rejection_reason })}
        </p>
      ) : null}
      {chef.paused_by && (chef.status_name === 'Paused' || chef.status_before_ban_name === 'Paused') ? (
        <p className="mb-3 text-sm text-ink-800" data-testid="paused-by">
          {chef.paused_by === 'admin' ? t('admin.chefs.decision.pausedbyadmin', { reason: chef.pause_reason ?? '' }) : t('admin.chefs.decision.pausedbychef')}
        </p>
      ) : null}
      {chef.status_name === 'Banned' && chef.status_before_ban_name ? (
        <p className="mb-3 text-sm text-ink-800">{t('admin.chefs.decision.beforeban', { status: t(CHEF_STATUS_KEYS[chef.status_before_ban_name]) })}</p>
      ) : null}
      {chef.actions.length ? (
        <div className="flex flex-wrap gap-2">
          {chef.actions.map((action) => (
            <Button key={action} variant={ACTION_BUTTONS[action].variant} onClick={() => start(action)}>
              {t(ACTION_BUTTONS[action].label)}
            </Button>
          ))}
        </div>
      ) : (
        <p className="text-sm text-ink-700">{t('admin.chefs.decision.none')}</p>
      )}
      {asking ? null : <ActionError error={act.errorOf('status')} testId="status-error" />}
      {notCancelled.length ? (
        <ActionError error={[t('admin.chefs.bookings.notcancelled'), ...notCancelled.map((b) => `#${b.id}: ${b.message ?? ''}`)].join(' ')} testId="not-cancelled" />
      ) : null}

      <div className="mt-6 flex flex-wrap items-end gap-3 border-t border-cream-200 pt-5">
        <SelectField
          name="tier"
          label={t('admin.chefs.tier.label')}
          value={tier}
          onChange={(value) => setTier(value as ChefTierName)}
          options={CHEF_TIERS.map((value) => ({ value, label: t(CHEF_TIER_KEYS[value]) }))}
          errors={act.fieldErrorsOf('tier').tier}
        />
        <Button variant="secondary" disabled={tier === chef.tier} onClick={() => act.run('tier', () => chefsApi.setTier(chef.id, tier).then((r) => t(r.data.changed ? 'admin.chefs.tier.done' : 'admin.chefs.tier.unchanged')))}>
          {t('admin.chefs.tier.save')}
        </Button>
      </div>
      {act.fieldErrorsOf('tier').tier ? null : <ActionError error={act.errorOf('tier')} testId="tier-error" />}

      {asking ? (
        <ChefStatusDialog
          action={asking}
          name={name}
          upcoming={chef.upcoming_bookings}
          send={(body: ChefActionBody) => chefsApi.act(chef.id, asking, body)}
          onDone={(r) => done(asking, r)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </AdminSection>
  );
}
