// App-wide UI state: the one open modal, the notification stack and the global alert (seed §2, §4, §9).
import { proxy, ref, useSnapshot } from 'valtio';

export const NOTIFICATION_CLOSE_AFTER_MS = 5000;

/** Names of the app-wide modals, opened with `openModal(MODALS.x)` from anywhere. */
export const MODALS = {
  locale: 'locale',
  bookingSearch: 'booking-search',
  newsletter: 'newsletter',
  signIn: 'signin',
  signUp: 'signup',
  completeProfile: 'complete-profile',
} as const;

/** The sign-in and sign-up dialogs share one queue of callbacks to run once the user is authenticated (seed §4). */
const AUTH_MODALS: readonly string[] = [MODALS.signIn, MODALS.signUp];

export type NotificationType = 'error' | 'success';

export interface Notification {
  id: number;
  title: string;
  message: string;
  type: NotificationType;
}

export type AlertType = 'info' | 'success' | 'error';

export interface Alert {
  id: number;
  message: string;
  type: AlertType;
  /** Shows a spinner, e.g. while a reset mail is being sent. */
  busy: boolean;
}

export interface ModalRequest {
  name: string;
  props: Record<string, unknown>;
}

interface UiState {
  modal: ModalRequest | null;
  notifications: Notification[];
  alert: Alert | null;
}

export const ui = proxy<UiState>({ modal: null, notifications: [], alert: null });

let nextId = 1;
const notificationTimers = new Map<number, ReturnType<typeof setTimeout>>();
let alertTimer: ReturnType<typeof setTimeout> | null = null;

let authCallbacks: Array<() => void> = [];

/** Opens a modal by name; any open modal is replaced, so only one shows at a time. */
export function openModal(name: string, props: Record<string, unknown> = {}): void {
  // Another dialog taking the place of sign-in/sign-up abandons what was waiting for the sign-in.
  if (!AUTH_MODALS.includes(name)) authCallbacks = [];
  ui.modal = { name, props: ref(props) };
}

/** App message "sign in": opens the sign-in dialog; `callback` runs after a successful sign-in (or sign-up). */
export function openSignIn(callback?: () => void): void {
  if (callback) authCallbacks.push(callback);
  openModal(MODALS.signIn);
}

/** Like openSignIn, for the sign-up dialog. */
export function openSignUp(callback?: () => void): void {
  if (callback) authCallbacks.push(callback);
  openModal(MODALS.signUp);
}

/** Runs (and empties) the queue once the user is authenticated and the session refetched. */
export function runAuthCallbacks(): void {
  const callbacks = authCallbacks;
  authCallbacks = [];
  for (const callback of callbacks) {
    try {
      callback();
    } catch (err) {
      console.error('Sign-in callback failed', err);
    }
  }
}

/** Closing the sign-in or sign-up dialog by hand drops what was waiting for it. */
export function clearAuthCallbacks(): void {
  authCallbacks = [];
}

export function closeModal(name?: string): void {
  if (!name || ui.modal?.name === name) ui.modal = null;
}

/**
 * Shows a notification that closes after 5000 ms, or `closeAfter` ms, or when closed. Type defaults to error.
 * - The same notification (title, message and type) is never shown twice: a repeat keeps the one on screen and
 *   starts its time again.
 * - A success clears the errors shown before it: they were about what has now worked ("Could not sign up" must not
 *   stay beside "Welcome!").
 */
export function notify(input: { title: string; message?: string; type?: NotificationType; closeAfter?: number }): number {
  const next: Omit<Notification, 'id'> = { title: input.title, message: input.message ?? '', type: input.type ?? 'error' };
  const closeAfter = input.closeAfter ?? NOTIFICATION_CLOSE_AFTER_MS;
  if (next.type === 'success') for (const n of ui.notifications.filter((x) => x.type === 'error')) closeNotification(n.id);
  const same = ui.notifications.find((n) => n.title === next.title && n.message === next.message && n.type === next.type);
  const id = same?.id ?? nextId++;
  if (same) clearTimeout(notificationTimers.get(id));
  else ui.notifications.push({ id, ...next });
  notificationTimers.set(
    id,
    setTimeout(() => closeNotification(id), closeAfter),
  );
  return id;
}

export function closeNotification(id: number): void {
  const timer = notificationTimers.get(id);
  if (timer) clearTimeout(timer);
  notificationTimers.delete(id);
  const index = ui.notifications.findIndex((n) => n.id === id);
  if (index >= 0) ui.notifications.splice(index, 1);
}

/** Shows the global alert until closed or `closeAfter` ms; a later alert replaces it and cancels its timer. */
export function showAlert(input: { message: string; type?: AlertType; busy?: boolean; closeAfter?: number }): number {
  if (alertTimer) clearTimeout(alertTimer);
  alertTimer = null;
  const id = nextId++;
  ui.alert = { id, message: input.message, type: input.type ?? 'info', busy: input.busy ?? false };
  if (input.closeAfter !== undefined) {
    alertTimer = setTimeout(() => closeAlert(id), input.closeAfter);
  }
  return id;
}

/** Closes the alert; with an id, only if that alert is still the one showing. */
export function closeAlert(id?: number): void {
  if (id !== undefined && ui.alert?.id !== id) return;
  if (alertTimer) clearTimeout(alertTimer);
  alertTimer = null;
  ui.alert = null;
}

/** Test helper. */
export function resetUi(): void {
  for (const timer of notificationTimers.values()) clearTimeout(timer);
  notificationTimers.clear();
  if (alertTimer) clearTimeout(alertTimer);
  alertTimer = null;
  authCallbacks = [];
  ui.modal = null;
  ui.notifications = [];
  ui.alert = null;
}

export const useUi = () => useSnapshot(ui);
