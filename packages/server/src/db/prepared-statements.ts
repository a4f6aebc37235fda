import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * How many statements one connection keeps prepared. The app has a bounded set of statements,
 * but a list of ids gives one text per length: past this many, a statement is parsed each time
 * as before, so a connection's memory on the server stays bounded.
 */
export const PREPARED_PER_CONNECTION = 200;

/**
 * Makes `client` prepare each statement with parameters once, under a name made from its text,
 * and run it by that name afterwards: PostgreSQL then skips parsing and planning the app's
 * queries again on every request (it still replans a statement whose tables changed). Only
 * statements with parameters: they already go through the extended protocol, so nothing else
 * changes for them, while a text without parameters (a migration's several commands, BEGIN)
 * keeps the simple protocol.
 */
export function prepareStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Map<string, string>();
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length) {
      let name = names.get(text);
      if (name === undefined && names.size < PREPARED_PER_CONNECTION) {
        name = `fogata-${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
        names.set(text, name);
      }
      if (name !== undefined) return query({ name, text, values });
    }
    return query(...args);
  };
}
