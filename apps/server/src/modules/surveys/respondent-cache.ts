import type { RespondentSurveyReply, SurveyState } from '@graphium/shared';
import type { ChangeSubscriber } from '../../db/change-notifications.js';
import { NotifiedCache, type NotifiedCacheOptions } from '../../db/notified-cache.js';

/**
 * The respondent page's replies, kept in memory (docs/decisions/048-respondent-cache.md): a
 * respondent's GET reads no database unless it marks an opening. Trusted only while this process
 * hears the database's change notifications (the session cache's pattern, decision 006): triggers
 * announce on `graphium_respondent_cache` every change to what the page shows, whoever makes it
 * (migration 0034), except a respondent's save, which moves the survey's `respondent_revision`
 * and is announced by its own statement (a batch of saves on PostgreSQL) or, for saves along
 * survey logic and completions, by `announceSave` once committed, in batches.
 */
export interface RespondentView {
  surveyId: string;
  workspaceId: string;
  templateId: string;
  templateVersionId: string;
  state: SurveyState;
  expiresAt: Date;
  /** The reply as built for this view (before or after the respondent's authentication). */
  reply: RespondentSurveyReply;
}

export interface RespondentCache {
  /** The view of a survey from memory, or loaded by `load` (and kept). */
  readThrough(
    surveyId: string,
    isAuthenticated: boolean,
    now: Date,
    load: () => Promise<RespondentView | undefined>,
  ): Promise<RespondentView | undefined>;
  /** Forgets a survey here at once (a change this process made, before it answers). */
  forget(surveyId: string): void;
  /**
   * Forgets a survey whose answers this process has just saved and committed, and tells the other
   * processes: answers when the announcement has been sent (or has failed, which is logged).
   */
  announceSave(surveyId: string): Promise<void>;
}

export const respondentCacheChannel = 'graphium_respondent_cache';

/** One notification's payload stays under PostgreSQL's 8,000 bytes: 150 ids of 37 characters. */
export const idsPerAnnouncement = 150;

const keyOf = (surveyId: string, isAuthenticated: boolean) => `${surveyId}:${isAuthenticated ? 1 : 0}`;

export class MemoryRespondentCache implements RespondentCache, ChangeSubscriber {
  private readonly cache: NotifiedCache<RespondentView>;
  private pending: string[] = [];
  private flush: Promise<void> | undefined;

  constructor(
    /** Sends one payload to the other processes; absent where this process is the only one (PGlite). */
    private readonly announce: ((payload: string) => Promise<void>) | undefined,
    options: NotifiedCacheOptions = {},
  ) {
    this.cache = new NotifiedCache({ maxEntries: 20_000, ...options });
  }

  readThrough(
    surveyId: string,
    isAuthenticated: boolean,
    now: Date,
    load: () => Promise<RespondentView | undefined>,
  ): Promise<RespondentView | undefined> {
    return this.cache.readThrough(keyOf(surveyId, isAuthenticated), now, load);
  }

  forget(surveyId: string): void {
    this.cache.forget(keyOf(surveyId, false));
    this.cache.forget(keyOf(surveyId, true));
  }

  announceSave(surveyId: string): Promise<void> {
    this.forget(surveyId);
    if (!this.announce) return Promise.resolve();
    this.pending.push(surveyId);
    // Saves committed in the same turn of the event loop share one statement.
    this.flush ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.flush = undefined;
      const ids = [...new Set(this.pending)];
      this.pending = [];
      return this.send(ids);
    });
    return this.flush;
  }

  private async send(ids: string[]): Promise<void> {
    for (let start = 0; start < ids.length; start += idsPerAnnouncement) {
      await this.announce!(`s:${ids.slice(start, start + idsPerAnnouncement).join(',')}`);
    }
  }

  get size(): number {
    return this.cache.size;
  }

  /** Applies one notification: `s:<id>[,<id>…]`, `t:<template id>`, `w:<workspace id>` or `*`. */
  receive(payload: string): void {
    if (payload.startsWith('s:')) {
      for (const surveyId of payload.slice(2).split(',')) this.forget(surveyId);
    } else if (payload.startsWith('t:')) {
      const templateId = payload.slice(2);
      this.cache.forgetWhere((view) => view.templateId === templateId);
    } else if (payload.startsWith('w:')) {
      const workspaceId = payload.slice(2);
      this.cache.forgetWhere((view) => view.workspaceId === workspaceId);
    } else {
      this.cache.clear();
    }
  }

  setTrusted(isTrusted: boolean): void {
    this.cache.setTrusted(isTrusted);
  }
}

/** A process that serves no requests keeps nothing: every read loads. */
export const noRespondentCache: RespondentCache = {
  readThrough: (_surveyId, _isAuthenticated, _now, load) => load(),
  forget: () => {},
  announceSave: async () => {},
};
