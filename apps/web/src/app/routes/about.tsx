import { Page } from '../../components/page.tsx';
import { AboutPage } from '../../features/about/components/about-page.tsx';

export function AboutRoute() {
  return (
    <Page title="about.title">
      <AboutPage />
    </Page>
  );
}
