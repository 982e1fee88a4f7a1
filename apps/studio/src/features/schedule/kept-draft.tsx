// An unsaved day is kept in this browser (localStorage) until it is saved or thrown away, so a
// click elsewhere, a reload or a closed tab loses nothing; it comes back only to the account that
// made it, with the version of the day it was made from (a save over a newer one is a conflict,
// as any). Leaving a day with unsaved changes asks first.
import { studioScheduleDaySchema, type StudioScheduleDay } from '@efir/contract';
import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { signedInLogin } from '../../lib/api.ts';
import { type DayDraft, draftOf, nextKey } from './api.ts';

interface KeptDraft {
  login: string;
  /** The day as it was opened when the draft was begun. */
  base: StudioScheduleDay;
  draft: DayDraft;
}

const storageKey = (channel: string, date: string): string => `efir-studio-draft:${channel}/${date}`;

function readKept(channel: string, date: string, login: string): KeptDraft | undefined {
  try {
    const text = localStorage.getItem(storageKey(channel, date));
    if (text === null) return undefined;
    const kept = JSON.parse(text) as Partial<KeptDraft>;
    const base = studioScheduleDaySchema.safeParse(kept.base);
    const { draft } = kept;
    if (kept.login !== login || !base.success || !Array.isArray(draft?.items) || !Array.isArray(draft.tickers)) {
      return undefined;
    }
    // The list keys are this page's own: a kept draft's are given anew.
    return {
      login,
      base: base.data,
      draft: {
        ...draft,
        items: draft.items.map((item) => ({ ...item, key: nextKey() })),
        tickers: draft.tickers.map((ticker) => ({ ...ticker, key: nextKey() })),
      },
    };
  } catch {
    return undefined;
  }
}

function writeKept(channel: string, date: string, kept: KeptDraft | undefined): void {
  try {
    if (kept === undefined) localStorage.removeItem(storageKey(channel, date));
    else localStorage.setItem(storageKey(channel, date), JSON.stringify(kept));
  } catch {
    // Storage full or turned off: the draft lives in the page only, as before.
  }
}

/**
 * The day being edited: the version it was opened at (`base`) and the draft, restored from this
 * browser when the account left one unsaved. `changed` says whether the draft differs from the
 * base; while it does, it is kept.
 */
export function useKeptDraft(
  channel: string,
  date: string,
  opened: StudioScheduleDay,
  differs: (draft: DayDraft, base: StudioScheduleDay) => boolean,
) {
  const login = signedInLogin() ?? '';
  const [restored, setRestored] = useState(() => readKept(channel, date, login));
  const [base, setBase] = useState(restored?.base ?? opened);
  const [draft, setDraft] = useState(() => restored?.draft ?? draftOf(opened));
  const changed = differs(draft, base);
  useEffect(() => {
    writeKept(channel, date, changed ? { login, base, draft } : undefined);
  }, [channel, date, login, base, draft, changed]);
  /** Opens a version of the day as stored: the draft starts from it again. */
  const open = (day: StudioScheduleDay): void => {
    setBase(day);
    setDraft(draftOf(day));
    setRestored(undefined);
  };
  return { base, draft, setDraft, changed, open, restored: restored !== undefined };
}

/** Asks before leaving while `when` holds: another screen of the studio, a reload, the tab closed. */
export function LeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return undefined;
    const ask = (event: BeforeUnloadEvent): void => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => {
      window.removeEventListener('beforeunload', ask);
    };
  }, [when]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Уйти, не сохранив день?"
      message="Изменения этого дня не сохранены. Черновик останется в этом браузере: вернувшись к этому дню, вы найдёте его и сможете сохранить."
      confirm="Уйти"
      busy={false}
      problem={undefined}
      onConfirm={() => {
        blocker.proceed?.();
      }}
      onClose={() => {
        blocker.reset?.();
      }}
    />
  );
}
