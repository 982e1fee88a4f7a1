// The studio's screens under /studio/. Each screen's files load when it is first opened; a screen
// the account's role may not use says so instead of showing an empty page (the server refuses its
// calls anyway).
import { mayCall, type StudioCallName, type StudioRole } from '@efir/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ChatRoomPanel } from '../features/chat/room-panel.tsx';
import { QueueSummary } from '../features/jobs/queue-summary.tsx';
import { Layout } from './layout.tsx';
import { screens } from './nav.ts';
import { studioBase } from '../features/session/use-session.ts';
import { Loading } from '../components/loaded.tsx';

const screen = (load: () => Promise<{ default: () => ReactNode }>) => lazy(load);

const VideosPage = screen(() => import('../features/videos/index.tsx'));
const VideoPage = screen(() => import('../features/videos/video-page.tsx'));
const RadiosPage = screen(() => import('../features/radios/index.tsx'));
const RadioPage = screen(() => import('../features/radios/radio-page.tsx'));
const CategoriesPage = screen(() => import('../features/categories/index.tsx'));
const JobsPage = screen(() => import('../features/jobs/index.tsx'));
const HomeRowsPage = screen(() => import('../features/home-rows/index.tsx'));
const SlidesPage = screen(() => import('../features/slides/index.tsx'));
const PollsPage = screen(() => import('../features/polls/index.tsx'));
const RadioListingsPage = screen(() => import('../features/radio-listings/index.tsx'));
const PopularPage = screen(() => import('../features/popular/index.tsx'));
const SearchPicksPage = screen(() => import('../features/search-picks/index.tsx'));
const AboutPage = screen(() => import('../features/about/index.tsx'));
const ChatPage = screen(() => import('../features/chat/index.tsx'));
const SchedulePage = screen(() => import('../features/schedule/index.tsx'));
const ChannelsPage = screen(() => import('../features/channels/index.tsx'));
const WeekPage = screen(() => import('../features/schedule/week-page.tsx'));
const OnAirPage = lazy(() => import('../features/on-air/index.tsx'));
const AudiencePage = screen(() => import('../features/audience/index.tsx'));
const UsersPage = screen(() => import('../features/users/index.tsx'));
const AuditPage = screen(() => import('../features/audit/index.tsx'));
const AccountPage = screen(() => import('../features/session/account-page.tsx'));

/** A screen shown only to a role that may make its call. */
function Allowed({
  role,
  call,
  children,
}: {
  role: StudioRole | undefined;
  call: StudioCallName;
  children: ReactNode;
}) {
  if (!mayCall(call, role)) {
    return (
      <section className="panel" aria-labelledby="denied">
        <h1 id="denied">Нет доступа</h1>
        <p>Этот раздел недоступен вашей роли. Если он нужен вам для работы, обратитесь к администратору.</p>
      </section>
    );
  }
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

function NotFound() {
  return (
    <section className="panel">
      <h1>Нет такой страницы</h1>
      <p>Выберите раздел в меню слева.</p>
    </section>
  );
}

export function studioRoutes(role: StudioRole | undefined): RouteObject[] {
  const first = screens.find((entry) => mayCall(entry.call, role))?.path ?? '/account';
  const guarded = (path: string, call: StudioCallName, element: ReactNode): RouteObject => ({
    path,
    element: (
      <Allowed role={role} call={call}>
        {element}
      </Allowed>
    ),
  });
  return [
    {
      path: '/',
      element: <Layout />,
      children: [
        { index: true, element: <Navigate to={first} replace /> },
        guarded(
          'on-air',
          'onAir',
          <OnAirPage
            chats={
              <>
                <ChatRoomPanel room="teleprogram" />
                <ChatRoomPanel room="radio" />
              </>
            }
            queue={mayCall('jobs', role) ? <QueueSummary /> : undefined}
          />,
        ),
        guarded('schedule', 'scheduleDay', <SchedulePage />),
        guarded('schedule/:channel', 'scheduleDay', <SchedulePage />),
        guarded('schedule/:channel/:date', 'scheduleDay', <SchedulePage />),
        guarded('schedule-week/:channel/:date', 'scheduleWeek', <WeekPage />),
        guarded('channels', 'channelAdd', <ChannelsPage />),
        guarded('audience', 'audience', <AudiencePage />),
        guarded('videos', 'videos', <VideosPage />),
        guarded('videos/:id', 'video', <VideoPage />),
        guarded('radios', 'radios', <RadiosPage />),
        guarded('radios/:id', 'radio', <RadioPage />),
        guarded('categories', 'videoCategories', <CategoriesPage />),
        guarded('jobs', 'jobs', <JobsPage />),
        guarded('home-rows', 'homeRows', <HomeRowsPage />),
        guarded('slides', 'slides', <SlidesPage />),
        guarded('polls', 'polls', <PollsPage />),
        guarded('radio-listings', 'radioListings', <RadioListingsPage />),
        guarded('popular', 'popularPicks', <PopularPage />),
        guarded('search-picks', 'searchPicks', <SearchPicksPage />),
        guarded('about', 'about', <AboutPage />),
        guarded('chat', 'chatMessages', <ChatPage />),
        guarded('users', 'users', <UsersPage />),
        guarded('audit', 'audit', <AuditPage />),
        guarded('account', 'session', <AccountPage />),
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}

export function createStudioRouter(role: StudioRole | undefined) {
  return createBrowserRouter(studioRoutes(role), { basename: studioBase });
}
