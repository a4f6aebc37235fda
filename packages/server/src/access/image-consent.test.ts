import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { recordConsent } from '../test/consent-factories.js';
import { createChild } from '../test/family-factories.js';
import { consentingChildIds, effectiveConsents, ownConsentCounts } from './image-consent.js';

/** The consent rule (decision 061) on the test database. */
let t: TestApp;
const TODAY = '2026-11-25';

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the 14th birthday', () => {
  it('counts the young person’s own consent from the day they turn 14', () => {
    expect(ownConsentCounts('2012-11-25', TODAY)).toBe(true);
    expect(ownConsentCounts('2012-11-26', TODAY)).toBe(false);
    expect(ownConsentCounts('2018-01-01', TODAY)).toBe(false);
    expect(ownConsentCounts('2000-02-29', '2014-02-28')).toBe(false);
    expect(ownConsentCounts('2000-02-29', '2014-03-01')).toBe(true);
  });
});

describe('a child’s consent', () => {
  it('is none without a record, the latest record once there is one', async () => {
    const { kysely } = t.app.ctx.db;
    const none = await createChild(t.app, { birthDate: '2017-05-01' });
    const given = await createChild(t.app, { birthDate: '2017-05-01' });
    const withdrawn = await createChild(t.app, { birthDate: '2017-05-01' });
    await recordConsent(t.app, given, 'gallery', true);
    await recordConsent(t.app, withdrawn, 'gallery', true);
    await recordConsent(t.app, withdrawn, 'gallery', false);
    await recordConsent(t.app, withdrawn, 'web', true, { givenBy: 'paper' });
    const ids = [none, given, withdrawn];
    expect(await consentingChildIds(kysely, 'gallery', ids, TODAY)).toEqual(new Set([given]));
    expect(await consentingChildIds(kysely, 'web', ids, TODAY)).toEqual(new Set([withdrawn]));
    const all = await effectiveConsents(kysely, ids, TODAY);
    expect(all.get(none)).toBeUndefined();
    expect(all.get(withdrawn)?.get('gallery')).toMatchObject({
      granted: false,
      givenBy: 'guardian',
    });
    expect(all.get(withdrawn)?.get('web')).toMatchObject({ granted: true, givenBy: 'paper' });
  });

  it('from 14 is their own: the family’s no longer counts, and theirs does', async () => {
    const { kysely } = t.app.ctx.db;
    const teen = await createChild(t.app, { birthDate: '2012-06-01' });
    await recordConsent(t.app, teen, 'gallery', true);
    expect(await consentingChildIds(kysely, 'gallery', [teen], TODAY)).toEqual(new Set());
    // The day before the birthday, the family's consent counted.
    expect(await consentingChildIds(kysely, 'gallery', [teen], '2026-05-31')).toEqual(
      new Set([teen]),
    );
    await recordConsent(t.app, teen, 'gallery', true, { givenBy: 'own' });
    // A family's later record does not override the young person's own.
    await recordConsent(t.app, teen, 'gallery', false);
    expect(await consentingChildIds(kysely, 'gallery', [teen], TODAY)).toEqual(new Set([teen]));
  });
});
