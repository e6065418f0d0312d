// The signed-in user's menu: a menu button with arrow-key navigation; Escape and Tab close it at once, a press outside
// 400 ms later (seed §9 dropdown hide delay).
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Avatar } from '../../components/Avatar';
import { Icon } from '../../components/Icon';
import { DROPDOWN_HIDE_DELAY_MS, useOutsidePress } from '../../components/outside-press';
import { useT } from '../../lib/i18n';
import type { SessionUser } from '../../state/session';
import { logout } from './logout';
import { userMenuItems, type UserMenuItem } from './userMenuItems';

export function UserMenu({ user }: { user: SessionUser }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const items = userMenuItems(user, t);
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ') || user.email;
  const unseen = user.unseen_order_message_count ?? 0;

  const menuItems = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (open) menuItems()[0]?.focus();
  }, [open]);
  const hide = useCallback(() => setOpen(false), []);
  useOutsidePress(open, rootRef, hide, DROPDOWN_HIDE_DELAY_MS);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = menuItems();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-3 ring-1 ring-cream-300 hover:bg-cream-100"
      >
        <span className="relative">
          <Avatar name={name} src={user.avatar?.data.url.t256x256} size="sm" />
          {unseen > 0 ? <span className="absolute -right-0.5 -top-0.5 h-3 w-3 rounded-full bg-brand-600 ring-2 ring-white" aria-hidden="true" /> : null}
        </span>
        <span className="max-w-32 truncate text-sm font-semibold">{user.firstname || name}</span>
        <span className="sr-only">{t('usermenu.label')}</span>
        <Icon name="chevron-down" className="h-4 w-4" />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t('usermenu.label')}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-40 mt-2 w-60 overflow-hidden rounded-2xl bg-white py-2 shadow-lg ring-1 ring-cream-200"
        >
          {items.map((item) => (
            <Link
              key={item.key}
              href={item.href}
              role="menuitem"
              tabIndex={-1}
              onClick={() => setOpen(false)}
              className="flex items-center justify-between px-4 py-2.5 text-ink-900 hover:bg-cream-100 focus:bg-cream-100 focus:outline-none"
            >
              <UserMenuItemLabel item={item} />
            </Link>
          ))}
          <div className="my-1 border-t border-cream-200" role="none" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              setOpen(false);
              void logout(navigate);
            }}
            className="block w-full px-4 py-2.5 text-left text-ink-900 hover:bg-cream-100 focus:bg-cream-100 focus:outline-none"
          >
            {t('usermenu.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** An entry's label with its count of unseen messages, as the dropdown and the phone menu show it. */
export function UserMenuItemLabel({ item }: { item: UserMenuItem }) {
  const t = useT();
  return (
    <>
      <span>{item.label}</span>
      {item.badge ? (
        <span className="rounded-full bg-brand-600 px-2 text-xs font-bold text-white">
          {item.badge}
          <span className="sr-only"> {t('usermenu.unseen')}</span>
        </span>
      ) : null}
    </>
  );
}
