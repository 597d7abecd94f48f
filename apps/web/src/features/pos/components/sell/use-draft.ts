import { useEffect, useState } from 'react';
import { readItem, readJson, removeItem, writeItem, writeJson } from '../../../../lib/storage';
import { POS_STORAGE } from '../../api/pos-client';
import { type Draft, EMPTY_DRAFT, reviveDraft } from '../../lib/ticket';

function load(agentId: number): Draft {
  const stored = readJson<{ agentId?: number; draft?: unknown }>(POS_STORAGE.draft);
  if (!stored || stored.agentId !== agentId) return EMPTY_DRAFT;
  return reviveDraft(stored.draft) ?? EMPTY_DRAFT;
}

/** Said when a draft is put in place from outside the sale screen (« Rejouer »): a mounted screen takes it. */
const REPLACED = 'pos:draft-replaced';

/** The agent's stored draft now (lines and draws being typed). */
export function storedDraft(agentId: number): Draft {
  return load(agentId);
}

/** Puts a new draft in place of the agent's (stored, and taken by a sale screen already shown). */
export function replaceDraft(agentId: number, draft: Draft): void {
  writeJson(POS_STORAGE.draft, { agentId, draft });
  window.dispatchEvent(new Event(REPLACED));
}

/**
 * The ticket being typed, kept in the browser for its agent: a reload, a lost connection or an
 * expired session loses nothing — not even the key of a sale whose answer never arrived.
 */
export function useDraft(agentId: number) {
  const [draft, setDraft] = useState<Draft>(() => load(agentId));
  useEffect(() => writeJson(POS_STORAGE.draft, { agentId, draft }), [agentId, draft]);
  useEffect(() => {
    const take = () => setDraft(load(agentId));
    window.addEventListener(REPLACED, take);
    return () => window.removeEventListener(REPLACED, take);
  }, [agentId]);
  return [draft, setDraft] as const;
}

/** What is being typed in the input (not yet a line): kept for the tab's life, even across a new sign-in. */
export function useDraftInput() {
  const [text, setText] = useState(() => readItem(POS_STORAGE.input, 'session') ?? '');
  useEffect(() => {
    if (text) writeItem(POS_STORAGE.input, text, 'session');
    else removeItem(POS_STORAGE.input, 'session');
  }, [text]);
  return [text, setText] as const;
}
