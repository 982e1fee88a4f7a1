import { Page } from '../../components/page.tsx';
import { TeleprogramPage } from '../../features/programme/components/teleprogram-page.tsx';

export function TeleprogramRoute() {
  return (
    <Page title="programme.tv_title" className="page programme-page">
      <TeleprogramPage />
    </Page>
  );
}
