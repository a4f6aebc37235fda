import {
  CAMP_ERRORS,
  CAMP_MSG,
  type DelegateAnswer,
  type ProtectionMessage,
  type ProtectionMessageRead,
  type PublicDelegate,
  ROUTES,
} from '@fogata/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import { layout } from '../../mail/templates.js';
import { ProtectionRepository } from './protection.repository.js';

/** What a message holds, sealed whole: nothing of it is readable in the database. */
interface SealedMessage {
  body: string;
  name: string | null;
  reply_to: string | null;
}

/** Who acts: a signed-in account, with the name the readings log keeps. */
interface Reader {
  id: number;
  name: string;
  role: string;
}

/** The delegado/a de protección as everyone reads them: name and contact; null until named. */
export async function publicDelegate(db: Executor): Promise<PublicDelegate | null> {
  const delegate = await new ProtectionRepository(db).delegate();
  return delegate ? { name: delegate.name, contact: delegate.contact } : null;
}

/**
 * The messages to the delegado/a de protección: anyone writes (a child may have no account); the
 * message is sealed before the database sees it and only the account named delegado/a opens it.
 * The delegado/a is told by mail that one waits, never what it says; every reading is logged in
 * a log of its own, which the delegado/a and the admins see (who read and when, never the text).
 */
export class ProtectionService {
  constructor(private readonly ctx: AppContext) {}

  private repo(db: Executor = this.ctx.db.kysely) {
    return new ProtectionRepository(db);
  }

  /**
   * Who the delegado/a is; a signed-in viewer also learns whether it is them (`mine`), so the
   * app offers the inbox only to its reader. A visitor gets exactly the public page's answer.
   */
  async delegate(viewer: { id: number } | null = null): Promise<DelegateAnswer | null> {
    if (!viewer) return publicDelegate(this.ctx.db.kysely);
    const delegate = await this.repo().delegate();
    return delegate
      ? { name: delegate.name, contact: delegate.contact, mine: delegate.id === viewer.id }
      : null;
  }

  /** Stores a message sealed and mails the delegado/a that it waits; 409 with none named. */
  async send(
    sender: { id: number } | null,
    input: { body: string; name?: string; reply_to?: string },
  ): Promise<{ message: string }> {
    const delegate = await this.repo().delegate();
    if (!delegate) throw new AppError(409, CAMP_ERRORS.noDelegate);
    const sealed: SealedMessage = {
      body: input.body,
      name: input.name ? input.name : null,
      reply_to: input.reply_to ? input.reply_to : null,
    };
    const { publicUrl, group } = this.ctx.config;
    const link = `${publicUrl}${ROUTES.protectionInbox.getHref()}`;
    const paragraphs = ['Hola:', CAMP_MSG.protectionWaitingBody];
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      await this.repo(trx).insertMessage({
        sender_id: sender?.id ?? null,
        sealed: this.ctx.sealedBox.seal(sealed),
        created_at: nowIso(),
      });
      await this.ctx.mailQueue.enqueue(
        {
          to: delegate.email,
          subject: CAMP_MSG.protectionWaitingSubject,
          text: `${paragraphs.join('\n\n')}\n\n${link}\n`,
          html: layout(group.name, paragraphs, link, CAMP_MSG.protectionWaitingButton),
          link,
        },
        { trx },
      );
    });
    this.ctx.mailQueue.kick();
    return { message: CAMP_MSG.protectionSent };
  }

  /** The 403 of anyone but the account named delegado/a. */
  private async requireDelegate(reader: Reader): Promise<void> {
    const delegate = await this.repo().delegate();
    if (delegate?.id !== reader.id) throw new AppError(403, CAMP_ERRORS.notDelegate);
  }

  /** Every message, newest first, opened for the delegado/a; the reading logged with them. */
  async messages(reader: Reader): Promise<{ items: ProtectionMessage[] }> {
    await this.requireDelegate(reader);
    return this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = this.repo(trx);
      const rows = await repo.messages();
      const items = rows.map((row) => {
        const message = this.ctx.sealedBox.open<SealedMessage>(row.sealed);
        return {
          id: row.id,
          body: message.body,
          name: message.name,
          reply_to: message.reply_to,
          sender_name: row.sender_name,
          created_at: row.created_at,
        };
      });
      await repo.logReads(
        rows.map((row) => row.id),
        reader,
        nowIso(),
      );
      return { items };
    });
  }

  /** Who read which message when (never what it says): the delegado/a and the admins. */
  async reads(reader: Reader): Promise<{ items: ProtectionMessageRead[] }> {
    if (reader.role !== 'admin') await this.requireDelegate(reader);
    return { items: await this.repo().reads() };
  }
}
