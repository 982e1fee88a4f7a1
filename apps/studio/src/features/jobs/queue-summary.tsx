// The ingest queue at a glance (the on-air desk): the jobs not yet done, with their progress.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { JobProgress } from '../../components/status.tsx';
import { problemOf } from '../../lib/api.ts';
import { jobsQuery } from './api.ts';

export function QueueSummary() {
  const jobs = useQuery({ ...jobsQuery(1), refetchInterval: 3000 });
  const open = (jobs.data?.results ?? []).filter((job) => job.stage !== 'done');
  return (
    <section className="panel stack" aria-labelledby="queue-summary">
      <h2 id="queue-summary">Обработка файлов</h2>
      {jobs.isError ? (
        <p className="alert">{problemOf(jobs.error)}</p>
      ) : open.length === 0 ? (
        <p className="muted">Очередь пуста: все файлы готовы.</p>
      ) : (
        <ul className="stack">
          {open.slice(0, 8).map((job) => (
            <li key={job.id}>
              <span>{job.name}</span>
              <JobProgress job={job} />
            </li>
          ))}
        </ul>
      )}
      <Link to="/jobs">Вся очередь</Link>
    </section>
  );
}
