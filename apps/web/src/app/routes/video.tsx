import { useParams } from 'react-router';
import { VideoPage } from '../../features/video/components/video-page.tsx';
import { NotFoundRoute } from './not-found.tsx';

/** /video/item/{id}: a new id is a new page (the key), so everything loads afresh. */
export function VideoRoute() {
  const { id } = useParams();
  const number = Number(id);
  if (!/^\d{1,10}$/u.test(id ?? '') || number < 1 || number > 2_147_483_647) return <NotFoundRoute />;
  return <VideoPage key={number} id={number} notFound={<NotFoundRoute />} />;
}
