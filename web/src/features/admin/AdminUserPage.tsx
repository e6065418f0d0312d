// Admin screen, being built: a plain placeholder until then.
import AdminPlaceholderPage from './AdminPlaceholderPage';
import type { PageProps } from '../../app/routeTable';

export default function AdminUserPage({ screenKey }: PageProps) {
  return <AdminPlaceholderPage screenKey={screenKey} />;
}
