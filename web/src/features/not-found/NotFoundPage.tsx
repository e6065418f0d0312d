// 404 (seed §2) for any path no route matches.
import { NotFound } from '../../components/NotFound';

export default function NotFoundPage() {
  return <NotFound />;
}
