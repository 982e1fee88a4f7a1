// The channels the site airs, for admins: each with what it airs, its streams' address, its logo
// and its day in the schedule; adding one puts it on the air at once, on every node.
import { channelPlaylistPath, type ChannelView } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { AddButton, PageHeader } from '../../components/page-header.tsx';
import { Table } from '../../components/table.tsx';
import { channelsQuery, today } from '../../lib/channels.ts';
import { ChannelAddDialog, kindLabels } from './channel-add-dialog.tsx';
import { ChannelLogoDialog } from './channel-logo-dialog.tsx';
import { CallProblem } from '../../components/fields.tsx';

const headings = ['Название', 'Вещает', 'Поток', 'Логотип', 'Сетка'] as const;

export default function ChannelsPage() {
  const channels = useQuery(channelsQuery);
  const [adding, setAdding] = useState(false);
  const [logoOf, setLogoOf] = useState<ChannelView | null>(null);
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
      <CallProblem call={channels} />
      <Table
        caption="Каналы сайта"
        query={channels}
        headings={headings}
        rows={channels.data ?? []}
        none="Каналов нет."
        row={(channel) => (
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
        )}
      />
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
