import { PageSkeleton } from '../../components/page-skeleton';

/** Being built (issue 23). */
export default function Page() {
  return <PageSkeleton />;
}
