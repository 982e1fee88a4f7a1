// The channels the site airs, for admins: each with what it airs, its streams' address, its logo
// and its day in the schedule; adding one puts it on the air at once, on every node.
import { channelPlaylistPath, type ChannelView } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { AddButton, PageHeader } from '../../components/page-header.tsx';
import { problemOf } from '../../lib/api.ts';
import { channelsQuery, today } from '../../lib/channels.ts';
import { ChannelAddDialog, kindLabels } from './channel-add-dialog.tsx';
import { ChannelLogoDialog } from './channel-logo-dialog.tsx';

export default function ChannelsPage() {
  const channels = useQuery(channelsQuery);
  const [adding, setAdding] = useState(false);
  const [logoOf, setLogoOf] = useState<ChannelView | null>(null);
  const list = channels.data ?? [];
  return (
    <>
      <PageHeader
        title="Каналы"
        about="Телеканалы и радиостанции сайта. У каждого своя сетка, поток, перемотка, региональные копии и место в IPTV-списке."
      >
        <AddButton
          label="Добавить канал"
          onClick={() => {
            setAdding(true);
          }}
        />
      </PageHeader>
      {channels.isError ? (
        <p className="alert" role="alert">
          {problemOf(channels.error)}
        </p>
      ) : null}
      <div className="table-wrap">
        <table className="table" aria-busy={channels.isFetching}>
          <caption className="visually-hidden">Каналы сайта</caption>
          <thead>
            <tr>
              <th scope="col">Название</th>
              <th scope="col">Вещает</th>
              <th scope="col">Поток</th>
              <th scope="col">Логотип</th>
              <th scope="col">Сетка</th>
            </tr>
          </thead>
          <tbody>
            {list.length === 0 ? (
              <tr>
                <td className="table__empty" colSpan={5}>
                  {channels.isPending ? 'Загрузка…' : 'Каналов нет.'}
                </td>
              </tr>
            ) : (
              list.map((channel) => (
                <tr key={channel.slug}>
                  <td>
                    <strong>{channel.name}</strong>
                    {channel.main ? <span className="badge">основной</span> : null}
                  </td>
                  <td>{kindLabels[channel.kind]}</td>
                  <td>
                    <code>{channelPlaylistPath(channel)}</code>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => {
                        setLogoOf(channel);
                      }}
                    >
                      {channel.logo === null ? null : <img src={channel.logo} alt="" width={24} height={24} />}
                      {channel.logo === null ? 'Добавить' : 'Сменить'}
                      <span className="visually-hidden"> логотип канала {channel.name}</span>
                    </button>
                  </td>
                  <td>
                    <Link to={`/schedule/${channel.slug}/${today()}`}>
                      Сетка<span className="visually-hidden"> канала {channel.name}</span>
                    </Link>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {logoOf === null ? null : (
        <ChannelLogoDialog
          channel={logoOf}
          onClose={() => {
            setLogoOf(null);
          }}
        />
      )}
      <ChannelAddDialog
        open={adding}
        onClose={() => {
          setAdding(false);
        }}
      />
    </>
  );
}
