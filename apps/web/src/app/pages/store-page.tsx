import { StorePage } from '../../features/store/components/store-page';

/** /dashboard/store: the store of shared chatbots (spec §2). */
export default function Page() {
  return <StorePage />;
}
