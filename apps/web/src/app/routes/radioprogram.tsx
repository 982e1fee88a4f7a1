import { Page } from '../../components/page.tsx';
import { RadioprogramPage } from '../../features/programme/components/radioprogram-page.tsx';

export function RadioprogramRoute() {
  return (
    <Page title="programme.radio_title" className="page programme-page">
      <RadioprogramPage />
    </Page>
  );
}
