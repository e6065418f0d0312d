// Admin outbox: the mail and SMS the local adapters kept instead of sending, newest first, each readable in full with
// clickable links. Filter by channel and by a part of the recipient; both live in the URL.
import { PagedList, usePagedList } from '../../components/PagedList';
import { useT } from '../../lib/i18n';
import { AdminOutboxMessage, outbox, type OutboxMessage } from './AdminOutboxMessage';
import { AdminPage, FilterTabs, SearchBox, useQueryParam } from './parts';

const CHANNELS = { all: 'admin.outbox.all', mail: 'admin.outbox.mail', sms: 'admin.outbox.sms' } as const;
type Channel = keyof typeof CHANNELS;

export default function AdminOutboxPage() {
  const t = useT();
  const [channelParam, setChannel] = useQueryParam('channel');
  const [recipient, setRecipient] = useQueryParam('recipient');
  const channel: Channel = channelParam in CHANNELS ? (channelParam as Channel) : 'all';
  const list = usePagedList<OutboxMessage>(outbox.$path({ query: { channel: channel === 'all' ? undefined : channel, recipient: recipient || undefined } }), 20, { orderDir: 'desc' });

  return (
    <AdminPage title={t('screens.admin.outbox')}>
      <p className="max-w-3xl text-ink-700">{t('admin.outbox.intro')}</p>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <FilterTabs label={t('admin.outbox.channel')} options={(Object.keys(CHANNELS) as Channel[]).map((c) => ({ value: c, label: t(CHANNELS[c]) }))} value={channel} onChange={(next) => setChannel(next === 'all' ? '' : next)} />
        <SearchBox label={t('admin.outbox.search')} buttonLabel={t('admin.outbox.searchbutton')} value={recipient} onSearch={setRecipient} />
      </div>
      <PagedList
        list={list}
        label={t('admin.outbox.listlabel')}
        emptyText={t(recipient || channel !== 'all' ? 'admin.outbox.nomatch' : 'admin.outbox.empty')}
        itemKey={(m) => m.id}
        listClassName="flex flex-col gap-3"
        renderItem={(m) => <AdminOutboxMessage message={m} />}
      />
    </AdminPage>
  );
}
