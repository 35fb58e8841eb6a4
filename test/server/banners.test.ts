/**
 * GET /wps/relay/MCSFE_getBanners (docs/api.md, "Banners"): the merchant's banners of the asked
 * groups, in the asked order; a bad group list is a 400 with its errorCode.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { call, testApp } from './helpers.ts';

let wps: Awaited<ReturnType<typeof testApp>>;
before(async () => {
  wps = await testApp();
});
after(() => wps.close());

const banners = (query: string, merchant?: string) => call(wps, 'GET', `/wps/relay/MCSFE_getBanners?${query}`, { merchant });

describe('GET /wps/relay/MCSFE_getBanners', () => {
  test("the demo merchant's download-image popups, in the asked order", async () => {
    const a = await banners('groupName=m_popup2,m_popup1');
    assert.equal(a.status, 200);
    assert.deepEqual(
      a.body.value.map((b: { id: string; groupName: string }) => [b.id, b.groupName]),
      [
        ['popup-bonus', 'm_popup2'],
        ['popup-app', 'm_popup1'],
      ],
    );
    const first = a.body.value[1];
    assert.equal(first.imageUrl, '/m/splash/splash-640x1136.png');
    assert.equal(first.linkageType, 'URL');
    assert.equal(first.url, '/m/appDownload');
  });

  test('a group without banners, or a merchant without any: an empty list', async () => {
    assert.deepEqual((await banners('groupName=m_nothing')).body.value, []);
    assert.deepEqual((await banners('groupName=m_home', 'demo2')).body.value, []);
    assert.deepEqual((await banners('groupName=m_popup1', 'demo2')).body.value, []);
  });

  for (const query of ['', 'groupName=', 'groupName=a%00b', 'groupName=a,,b', `groupName=${'x'.repeat(40)}`]) {
    test(`"${query.slice(0, 30)}" is refused with request.invalid, and the server keeps serving`, async () => {
      const a = await banners(query);
      assert.equal(a.status, 400, JSON.stringify(a.body));
      assert.equal(a.body.errorCode, 'request.invalid');
      assert.equal((await banners('groupName=m_popup1')).status, 200);
    });
  }
});
